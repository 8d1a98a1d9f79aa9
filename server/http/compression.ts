import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts among those we have. */
export function pickEncoding(acceptEncoding: string | undefined, available: { br?: unknown; gzip?: unknown }): Encoding {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  const allows = (name: string) => new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?\\b)`).test(accepted);
  if (available.br && allows("br")) return "br";
  if (available.gzip && allows("gzip")) return "gzip";
  return "identity";
}

/** Compresses a response made for one request: fast settings, since it is not kept. */
export function compressOnce(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return body;
}

const brotliCompressAsync = promisify(brotliCompress);

/**
 * Brotli at its highest setting, for a body that will be sent many times: about a tenth smaller
 * than `compressOnce`, at some 50 ms for a page, spent on the thread pool rather than the event loop.
 */
export function compressForKeeping(body: Buffer): Promise<Buffer> {
  return brotliCompressAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
