import Negotiator from "negotiator";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Our order of preference when the client likes several equally: brotli is the smaller. */
const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

/**
 * The encoding to send, per RFC 9110: the one the client rates highest (q-values) among those we
 * have, brotli before gzip on a tie. When it accepts none of them (`identity;q=0` alone, `*;q=0`),
 * the body goes unencoded rather than not at all.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: { br?: unknown; gzip?: unknown }): Encoding {
  const offered = PREFERENCE.filter((encoding) => encoding === "identity" || available[encoding]);
  const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  const negotiator = new Negotiator({ headers }) as unknown as TieBreakingNegotiator;
  return (negotiator.encoding(offered, { preferred: PREFERENCE }) as Encoding | undefined) ?? "identity";
}

/** negotiator 1.x breaks ties by a preference order; its published types predate that argument. */
interface TieBreakingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
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
