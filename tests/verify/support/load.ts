import { Agent, request } from "node:http";

/** One kind of request in the mix; `build` is called per request, so bodies can differ. */
export interface LoadStep {
  kind: string;
  /** Kinds that store something: their 2xx answers are counted against the rows afterwards. */
  stores?: "enquiry" | "application" | "subscription";
  build(sequence: number): { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string };
}

/** What one request came to. `status` is 0 when no HTTP answer arrived (refused, reset, timed out). */
export interface Outcome {
  kind: string;
  path: string;
  status: number;
  startedAt: number;
  ms: number;
  error?: string;
  stores?: LoadStep["stores"];
  /** The id (or address) a storing request's 2xx answer returned. */
  stored?: string;
  /** The start of a 4xx or 5xx answer: what a refused request was told. */
  refusal?: string;
}

export interface LoadResult {
  outcomes: Outcome[];
  requests: number;
  connectionErrors: number;
  serverErrors: number;
  p50: number;
  p99: number;
  maxMs: number;
  /** 2xx answers of the storing kinds, with the id each returned. */
  stored: Record<"enquiry" | "application" | "subscription", string[]>;
}

export const percentile = (sortedMs: number[], p: number) =>
  sortedMs.length ? sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))]! : 0;

/**
 * Keeps `connections` requests in flight, cycling through the mix, until `stop()` resolves or the
 * duration ends; then waits for every request in flight to be answered, so each 2xx is known.
 */
export async function runLoad(options: {
  url: string;
  mix: LoadStep[];
  connections: number;
  durationMs: number;
  /** Ends the load early (e.g. once a fault has played out). */
  until?: Promise<unknown>;
  timeoutMs?: number;
  /** Ends the load once this many requests have been sent. */
  maxRequests?: number;
}): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const outcomes: Outcome[] = [];
  let sequence = 0;
  let ended = false;
  const timer = setTimeout(() => (ended = true), options.durationMs);
  // Ends the load however the awaited work ends; its failure is the caller's to report.
  options.until?.then(
    () => (ended = true),
    () => (ended = true),
  );

  const send = (step: LoadStep, n: number) =>
    new Promise<Outcome>((resolve) => {
      const spec = step.build(n);
      const startedAt = performance.now();
      const done = (status: number, body: string, error?: string) =>
        resolve({
          kind: step.kind,
          path: spec.path,
          stores: step.stores,
          status,
          startedAt,
          ms: performance.now() - startedAt,
          error,
          stored: status >= 200 && status < 300 && step.stores ? storedId(body) : undefined,
          refusal: status >= 400 ? body.slice(0, 300) : undefined,
        });
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: spec.path,
          headers: { ...(spec.body ? { "content-length": String(Buffer.byteLength(spec.body)) } : {}), ...spec.headers },
          timeout: options.timeoutMs ?? 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          // The body is read where it is used: a storing request's id, and what any refusal said.
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            done(status, step.stores || status >= 400 ? Buffer.concat(chunks).toString("utf8") : "");
          });
          response.on("error", (error) => done(0, "", error.message));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.on("error", (error: NodeJS.ErrnoException) => done(0, "", error.code ?? error.message));
      req.end(spec.body);
    });

  const worker = async () => {
    while (!ended && sequence < (options.maxRequests ?? Infinity)) {
      const n = sequence++;
      const outcome = await send(options.mix[n % options.mix.length]!, n);
      outcomes.push(outcome);
      // A refused connection answers at once; a short pause keeps a dead server from spinning the loop.
      if (outcome.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  clearTimeout(timer);
  agent.destroy();
  return summarise(outcomes);
}

function storedId(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { id?: string | number; email?: string };
    return String(parsed.id ?? parsed.email);
  } catch {
    return undefined;
  }
}

export function summarise(outcomes: Outcome[]): LoadResult {
  const latencies = outcomes
    .filter((o) => o.status > 0)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const stored: LoadResult["stored"] = { enquiry: [], application: [], subscription: [] };
  for (const outcome of outcomes) {
    if (outcome.stores && outcome.stored) stored[outcome.stores].push(outcome.stored);
  }
  return {
    outcomes,
    requests: outcomes.length,
    connectionErrors: outcomes.filter((o) => o.status === 0).length,
    serverErrors: outcomes.filter((o) => o.status >= 500).length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    stored,
  };
}

/** Status counts per kind, for messages when an expectation fails. */
export function statusTable(outcomes: Outcome[]): Record<string, Record<string, number>> {
  const table: Record<string, Record<string, number>> = {};
  for (const o of outcomes) {
    const row = (table[`${o.kind} ${o.path.split("?")[0]}`] ??= {});
    const key = o.status === 0 ? `error:${o.error}` : String(o.status);
    row[key] = (row[key] ?? 0) + 1;
  }
  return table;
}
