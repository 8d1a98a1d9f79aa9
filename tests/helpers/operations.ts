import { createHash, randomBytes } from "node:crypto";
import { connect } from "node:net";
import pg from "pg";
import { expect } from "vitest";
import type { AdminCommand } from "../../server/cli/commands";
import { controlSocketPath } from "../../server/control";
import type { RunQuery } from "../../server/db/move-to-postgres";
import { scannedPdfDocument } from "../fixtures/resume-documents";
import { withDatabase } from "../setup/database";
import type { TestContext } from "./app";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36";

/** An enquiry as the site's form posts it; its id. */
export async function postEnquiry(t: TestContext, n: number): Promise<number> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/cta/",
    headers: { "user-agent": BROWSER },
    payload: { name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Enquiry number ${n} about a data pipeline.`, request_type: "CTA" },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

/** A visitor's answer on the conversation page: a message that a trigger adds to its enquiry's search words. */
export async function replyToEnquiry(t: TestContext, id: number, body: string) {
  const token = t.app.services.conversations.links.tokenOf(id);
  const response = await t.app.inject({ method: "POST", url: `/api/conversations/${token}/reply/`, headers: { "user-agent": BROWSER }, payload: { body } });
  expect(response.statusCode).toBe(201);
}

/** A general application with a PDF résumé of `size` bytes (several 256 KB chunks); the file's bytes. */
export async function uploadResume(t: TestContext, size: number, seed = 1): Promise<Buffer> {
  const bytes = scannedPdfDocument(size, seed);
  const form = new FormData();
  form.append("name", "Sita Sharma");
  form.append("email", `sita${seed}@example.com`);
  form.append("resume", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "cv.pdf");
  const response = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
  expect(response.statusCode).toBe(201);
  return bytes;
}

export const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/** Each stored résumé's size and the md5 of its chunks put back together, as a download would send them. */
export async function storedResumes(run: RunQuery): Promise<{ size: number; md5: string }[]> {
  const rows = await run(
    `select r.size::int as size, md5(string_agg(c.data, ''::bytea order by c.seq)) as md5
     from career_resumes r join career_resume_chunks c on c.resume_id = r.id group by r.id, r.size order by r.size`,
  );
  return rows.map((row) => ({ size: Number(row.size), md5: String(row.md5) }));
}

/** Sends a command to a server's control socket, as `npm run admin` does; the server's answer. */
export function viaControlSocket(dataDir: string, command: AdminCommand): Promise<{ ok: boolean; output?: string; error?: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("end", () => resolve(JSON.parse(reply)));
    socket.on("error", reject);
  });
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, and a way to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `himal_ops_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Plain SQL on a PostgreSQL database of its own connection, closed by `end`. */
export async function postgresQuery(url: string): Promise<{ run: RunQuery; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { run: async (text, params) => (await client.query(text, params)).rows, end: () => client.end() };
}
