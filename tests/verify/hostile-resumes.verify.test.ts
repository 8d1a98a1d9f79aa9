import { readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { compoundDocument, inflatingPdf, pdfDocument } from "../fixtures/resume-documents";
import { multipart, postApplication, visitor, type Visitor } from "./support/mix";
import { FULL, newDataDir, recordFigures, startServer } from "./support/site";

/** The server's memory budget (docs/performance.md). */
const SERVER_BUDGET_MB = 300;
/** Each résumé reader's kernel limit (decision 050): no process of the site may hold more. */
const PROCESS_CEILING_MB = 512;
/** What the PDF's one stream inflates to: the 2 GB in `npm run verify`, less in `npm test`. */
const INFLATED_BYTES = FULL ? 2 * 1024 * 1024 * 1024 : 256 * 1024 * 1024;

/** A process's children, read from each of its threads (/proc/<pid>/task/<tid>/children). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number));
  } catch {
    return []; // it has ended
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** The highest resident memory the kernel has seen a process hold (VmHWM), in MB; 0 once it has ended. */
function peakMb(pid: number): number {
  try {
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/**
 * Every 20 ms, the server and all its descendants (the résumé readers: each is forked, then becomes
 * prlimit and then Node under the same pid), each with the highest resident memory the kernel has seen
 * it hold: the peak of every process of the site.
 */
function watchSiteProcesses(serverPid: number) {
  const peaks = new Map<number, number>();
  const serverCommand = commandOf(serverPid);
  const sample = () => {
    const waiting = [serverPid];
    while (waiting.length > 0) {
      const pid = waiting.pop()!;
      // A child not yet past its exec still maps the server's memory, which its resident figure counts again.
      if (pid === serverPid || commandOf(pid) !== serverCommand) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, peakMb(pid)));
      waiting.push(...childrenOf(pid));
    }
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const children = [...peaks].filter(([pid]) => pid !== serverPid).map(([, peak]) => peak);
      return { serverPeakMb: peaks.get(serverPid) ?? 0, readers: children.length, readerPeakMb: Math.max(0, ...children) };
    },
  };
}

function apply(site: Visitor, fileName: string, bytes: Buffer) {
  const form = multipart(
    { name: "Sita Sharma", email: "sita@example.com", cover_letter: "My résumé is attached." },
    { field: "resume", name: fileName, type: "application/octet-stream", bytes },
  );
  return postApplication(site, form);
}

const healthz = (url: string) =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.status,
    () => 0,
  );

describe("hostile résumés against the running site", () => {
  it(`refuses a looping .doc and a PDF inflating to ${INFLATED_BYTES / 1024 / 1024} MB, keeps answering, and no process passes ${PROCESS_CEILING_MB} MB`, async () => {
    const bomb = await inflatingPdf(INFLATED_BYTES);
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir });
    try {
      const site = await visitor(server.url);
      const processes = watchSiteProcesses(server.process.pid!);
      const loopingDoc = await apply(site, "cv.doc", compoundDocument("WordDocument", { chain: "looping" }));
      const healthzAfterDoc = await healthz(server.url);
      const inflatingPdfAnswer = await apply(site, "cv.pdf", bomb);
      const healthzAfterPdf = await healthz(server.url);
      const plainPdf = await apply(site, "cv.pdf", pdfDocument("Jane Doe knows Kubernetes"));
      const memory = processes.stop();

      const figures = {
        suite: "hostile-resumes",
        backend: "pglite",
        full: FULL,
        loopingDoc: { bytes: compoundDocument("WordDocument", { chain: "looping" }).length, status: loopingDoc.status, ms: loopingDoc.ms },
        inflatingPdf: { bytes: bomb.length, inflatesTo: INFLATED_BYTES, status: inflatingPdfAnswer.status, ms: inflatingPdfAnswer.ms },
        plainPdf: { status: plainPdf.status, ms: plainPdf.ms },
        healthzAfterDoc,
        healthzAfterPdf,
        ...memory,
      };
      console.log(`[hostile-resumes] ${JSON.stringify(figures)}`);
      expect(loopingDoc.status, loopingDoc.body).toBe(400);
      expect(inflatingPdfAnswer.status, inflatingPdfAnswer.body).toBe(400);
      expect(plainPdf.status, plainPdf.body).toBe(201);
      expect([healthzAfterDoc, healthzAfterPdf]).toEqual([200, 200]);
      expect(memory.readers).toBeGreaterThanOrEqual(3);
      expect(memory.serverPeakMb).toBeLessThanOrEqual(SERVER_BUDGET_MB);
      expect(memory.readerPeakMb).toBeLessThan(PROCESS_CEILING_MB);
      recordFigures({ ...figures, rowsLost: 0 });
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
