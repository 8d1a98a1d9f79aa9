import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UPLOAD_PACE } from "../../server/http/upload-pace";
import { UPLOADS_AT_ONCE } from "../../server/http/upload-turns";
import { pdfDocument } from "../fixtures/resume-documents";
import { notOwnerOnly } from "../helpers/file-modes";
import { spawnServer } from "../helpers/site";
import { multipart, postApplication, visitor, type Visitor } from "./support/mix";
import { recordFigures, waitUntil } from "./support/site";

/** As the issue measured it: one byte every 2 s. */
const TRICKLE_EVERY_MS = 2000;

const applicationForm = (n: number) =>
  multipart(
    { name: `Applicant ${n}`, email: `applicant-${n}@example.com`, cover_letter: "I build web products with care." },
    { field: "resume", name: `cv-${n}.pdf`, type: "application/pdf", bytes: pdfDocument(`Applicant ${n}`) },
  );

/** A client that sends an application's headers, then its body a byte every 2 s: its status (0 for none) and when the server closed on it. */
function trickle(site: Visitor, n: number, started: number): Promise<{ status: number; closedAfterMs: number; bytesSent: number }> {
  const form = applicationForm(n);
  const { port, host } = new URL(site.url);
  const socket = connect(Number(port), "127.0.0.1");
  const headers = { ...site.headers, host, "content-type": form.contentType, "content-length": String(form.body.length) };
  socket.write(
    `POST /api/careers/applications/ HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => socket.write(form.body.subarray(sent, ++sent)), TRICKLE_EVERY_MS);
  let received = "";
  socket.setEncoding("latin1").on("data", (text: string) => (received += text));
  socket.on("error", () => {});
  return new Promise((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
        closedAfterMs: Math.round(performance.now() - started),
        bytesSent: sent,
      });
    }),
  );
}

/** The answer's status and time: the figures keep no applicant's text. */
async function apply(site: Visitor, n: number): Promise<{ status: number; ms: number }> {
  const { status, ms } = await postApplication(site, applicationForm(n));
  return { status, ms };
}

describe("slow clients", () => {
  it(`an honest applicant beside ${UPLOADS_AT_ONCE} résumés trickled a byte every 2 s is answered at once, the tricklers 408; a DATA_DIR first started under umask 022 is its user's alone`, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "himal-verify-"));
    // Started as from a shell with the usual umask: the server is what makes its files owner-only.
    const umask = process.umask(0o022);
    const serverStarting = spawnServer({ dataDir, readyTimeoutMs: 240_000, env: { RATE_LIMITS: "off" } });
    process.umask(umask);
    const server = await serverStarting;
    try {
      const site = await visitor(server.url);
      const alone = await apply(site, 8);
      const started = performance.now();
      const tricklers = Array.from({ length: UPLOADS_AT_ONCE }, (_, n) => trickle(site, n, started));
      // Each has sent its headers and its first bytes.
      await new Promise((resolve) => setTimeout(resolve, TRICKLE_EVERY_MS + 500));
      const honest = await apply(site, 9);
      const trickled = await Promise.all(tricklers);

      // Each application's two mails are written as files, with their links.
      const mailDir = path.join(dataDir, "mail");
      await waitUntil(() => existsSync(mailDir) && readdirSync(mailDir).length >= 4, 60_000, "the applications' mails");
      const whileRunning = notOwnerOnly(dataDir);
      expect(await server.stop("SIGTERM")).toBe(0);
      const afterStop = notOwnerOnly(dataDir);
      const entries = readdirSync(dataDir, { recursive: true }).length;

      const figures = {
        suite: "slow-clients",
        trickleEveryMs: TRICKLE_EVERY_MS,
        paceWindowMs: UPLOAD_PACE.windowMs,
        alone,
        honest,
        tricklers: trickled,
        dataDirEntries: entries,
        notOwnerOnlyWhileRunning: whileRunning.length,
        notOwnerOnlyAfterStop: afterStop.length,
      };
      recordFigures(figures);
      expect([alone.status, honest.status]).toEqual([201, 201]);
      expect(honest.ms).toBeLessThan(UPLOAD_PACE.windowMs);
      for (const trickler of trickled) expect(trickler.status).toBe(408);
      expect(whileRunning).toEqual([]);
      expect(afterStop).toEqual([]);
    } finally {
      await server.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
