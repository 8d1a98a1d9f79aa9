import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
