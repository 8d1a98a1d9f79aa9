import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { RESUME_MAX_BYTES } from "#contracts/careers.ts";
import { scannedPdfDocument } from "../fixtures/resume-documents";
import { freshPostgresDatabase, machinePostgres, pgliteRows, postgresRows } from "./support/databases";
import { multipart, postApplication, visitor, type Visitor } from "./support/mix";
import { FULL, newDataDir, probeHealth, recordFigures, rssMb, startServer } from "./support/site";

const UPLOADS = 10;
/** The server's memory budget (docs/performance.md). */
const RSS_BUDGET_MB = 300;

/** One application with a résumé of `bytes`, as the careers form sends it. */
async function apply(site: Visitor, bytes: Buffer, n: number): Promise<{ status: number; id?: string; ms: number }> {
  const form = multipart(
    { name: `Applicant ${n}`, email: `applicant-${n}@example.com`, cover_letter: "My scanned résumé is attached." },
    { field: "resume", name: `scanned-cv-${n}.pdf`, type: "application/pdf", bytes },
  );
  const { status, body, ms } = await postApplication(site, form);
  return { status, ms, id: status === 201 ? (JSON.parse(body) as { id?: string }).id : undefined };
}

/** The peak of a process's resident memory, sampled every 50 ms. */
function peakRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process has gone; the uploads' answers say so
    }
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** `--trace-gc` prints "Scavenge 60.3 (75.2) -> 58.1 (76.0) MB" per collection: the heap in use before each one is its peak since the last. */
export function peakHeapMb(gcTrace: string): number {
  return Math.round(
    Math.max(0, ...[...gcTrace.matchAll(/ (\d+(?:\.\d+)?) \(\d+(?:\.\d+)?\) -> \d+(?:\.\d+)? \(\d+(?:\.\d+)?\) MB/g)].map((match) => Number(match[1]))),
  );
}

async function uploadAtTheLimit(backend: "pglite" | "postgres") {
  const dataDir = await newDataDir();
  const database = backend === "postgres" ? await freshPostgresDatabase() : undefined;
  const server = await startServer({ dataDir, databaseUrl: database?.url, nodeOptions: ["--trace-gc"] });
  try {
    const site = await visitor(server.url);
    const resumes = Array.from({ length: UPLOADS }, (_, n) => scannedPdfDocument(RESUME_MAX_BYTES, n + 1));
    const pid = server.process.pid!;
    const rssBeforeMb = rssMb(pid);
    const health = probeHealth(server.url);
    const memory = peakRss(pid);
    const started = performance.now();
    const answers = await Promise.all(resumes.map((bytes, n) => apply(site, bytes, n)));
    const seconds = Math.round(performance.now() - started) / 1000;
    const rssPeakMb = memory.stop();
    const during = await health.stop();
    const after = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.status,
      () => 0,
    );
    const heapPeakMb = peakHeapMb(server.output());

    const figures = {
      suite: "uploads",
      backend,
      full: FULL,
      uploads: UPLOADS,
      bytesEach: RESUME_MAX_BYTES,
      seconds,
      rssBeforeMb,
      rssPeakMb,
      heapPeakMb,
      healthz: during,
      healthzAfter: after,
    };
    console.log(`[uploads] ${JSON.stringify(figures)}`);
    expect(
      answers.map((answer) => answer.status),
      server.output().slice(-3000),
    ).toEqual(resumes.map(() => 201));
    expect(during.failed).toBe(0);
    expect(after).toBe(200);
    expect(rssPeakMb).toBeLessThanOrEqual(RSS_BUDGET_MB);

    // Every answered upload is stored whole: the bytes read back are the bytes sent.
    expect(await server.stop("SIGTERM")).toBe(0);
    const rows = backend === "postgres" ? await postgresRows(database!.url) : await pgliteRows(dataDir);
    expect(rows.halfWritten).toEqual([]);
    const sent = Object.fromEntries(answers.map((answer, n) => [answer.id!, createHash("sha256").update(resumes[n]!).digest("hex")]));
    expect(Object.fromEntries(answers.map((answer) => [answer.id!, rows.resumeDigests[answer.id!]]))).toEqual(sent);

    recordFigures({ ...figures, rowsLost: 0 });
  } finally {
    await server.stop("SIGKILL");
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe("uploads at the limit", () => {
  it(`answers ${UPLOADS} concurrent ${RESUME_MAX_BYTES / 1024 / 1024} MB résumés on the embedded database, stays up and within ${RSS_BUDGET_MB} MB`, () =>
    uploadAtTheLimit("pglite"));

  it.runIf(machinePostgres)(
    `answers ${UPLOADS} concurrent ${RESUME_MAX_BYTES / 1024 / 1024} MB résumés on PostgreSQL, stays up and within ${RSS_BUDGET_MB} MB`,
    () => uploadAtTheLimit("postgres"),
  );
});
