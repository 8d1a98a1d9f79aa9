import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_QUEUE } from "../../server/mail/jobs";
import { freePort } from "../helpers/port";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { freshPostgresDatabase, machinePostgres, machineRedis, postgresRows } from "./support/databases";
import { runLoad, statusTable } from "./support/load";
import { mixedLoad, visitor } from "./support/mix";
import { delay, recordFigures, seconds, startServer, waitUntil } from "./support/site";

const root = path.resolve(import.meta.dirname, "../..");
const NGINX = "/usr/sbin/nginx";
const deploy = (file: string) => path.join(root, "deploy/nginx", file);
/** `npm test` and `npm run verify` install Debian's nginx first (scripts/ensure-nginx.mjs). */
const installed = existsSync(NGINX);

/**
 * nginx as deploy/nginx configures it, on a free port and without TLS: the shipped upstream block (its
 * two ports moved to the instances') and the shipped proxy settings, included as they are. Each access
 * line records which instances answered, so a retry shows as two.
 */
function startNginx(port: number, instancePorts: [number, number]) {
  const prefix = mkdtempSync(path.join(tmpdir(), "himal-nginx-"));
  const upstream = /upstream himaltech \{[\s\S]*?\n\}/
    .exec(readFileSync(deploy("himaltech.conf"), "utf8"))![0]
    .replace("127.0.0.1:3001", `127.0.0.1:${instancePorts[0]}`)
    .replace("127.0.0.1:3002", `127.0.0.1:${instancePorts[1]}`);
  const config = path.join(prefix, "nginx.conf");
  writeFileSync(
    config,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$status $request_method "$upstream_addr" "$upstream_status"';
  access_log ${prefix}/access.log upstreams;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${upstream}
  server {
    listen 127.0.0.1:${port};
    location / { include ${deploy("himaltech-proxy.conf")}; }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", prefix, "-c", config, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  return {
    accessLog: () => readFileSync(path.join(prefix, "access.log"), "utf8").split("\n").filter(Boolean),
    errors: () => (existsSync(path.join(prefix, "error.log")) ? readFileSync(path.join(prefix, "error.log"), "utf8") : ""),
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(undefined)));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The Message-IDs of outbox mails a query picks: the one chosen for each, or the one made from its row. */
async function messageIds(url: string, query: string, values: unknown[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query(query, values)).rows;
    return rows.map((row) => String(row.message_id ?? `<outbox-${row.id}@127.0.0.1>`));
  } finally {
    await client.end();
  }
}

/** The outbox's mails in a state. */
const outboxMail = (url: string, status: string) => messageIds(url, "select id, message_id from outbox where status = $1 order by id", [status]);

/** The mails an instance has in hand: their jobs taken and not yet done. */
const mailInHand = (url: string) =>
  messageIds(
    url,
    `select o.id, o.message_id from outbox o where exists (
       select from pgboss.job j where j.name = $1 and j.state = 'active' and (j.data->>'mailId')::bigint = o.id)`,
    [MAIL_QUEUE.name],
  );

describe.runIf(installed && machinePostgres && machineRedis)("two instances behind nginx, as deploy/ sets them up", () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp?.close());

  it("accepts the shipped site configuration, TLS and all", () => {
    const prefix = mkdtempSync(path.join(tmpdir(), "himal-nginx-check-"));
    const tls = path.join(root, "tests/fixtures/tls");
    const site = readFileSync(deploy("himaltech.conf"), "utf8")
      .replace("/etc/letsencrypt/live/himaltech.com.np/fullchain.pem", path.join(tls, "cert.pem"))
      .replace("/etc/letsencrypt/live/himaltech.com.np/privkey.pem", path.join(tls, "key.pem"))
      .replace("/etc/nginx/snippets/himaltech-proxy.conf", deploy("himaltech-proxy.conf"));
    writeFileSync(path.join(prefix, "site.conf"), site);
    writeFileSync(
      path.join(prefix, "nginx.conf"),
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp { access_log off; include ${prefix}/site.conf; }\n`,
    );
    const check = spawnSync(NGINX, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
    rmSync(prefix, { recursive: true, force: true });
    expect(check.stderr).toContain("syntax is ok");
    expect(check.status).toBe(0);
  });

  it("loses nothing and doubles only a mail in hand at the kill when an instance is killed under load and started again, and retries reads on the other", async () => {
    const database = await freshPostgresDatabase();
    const proxyPort = await freePort();
    const ports: [number, number] = [await freePort(), await freePort()];
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const instance = (port: number) =>
      startServer({
        databaseUrl: database.url,
        smtpUrl: smtp.url,
        port,
        env: { REDIS_URL: machineRedis!, TRUST_PROXY: "127.0.0.1", PUBLIC_URL: proxyUrl },
      });
    const first = await instance(ports[0]);
    let second = await instance(ports[1]);
    const nginx = startNginx(proxyPort, ports);
    try {
      await waitUntil(async () => (await fetch(`${proxyUrl}/readyz`).catch(() => undefined))?.ok, 10_000, "nginx to pass requests on");
      const site = await visitor(proxyUrl);
      const duration = seconds(9, 45);
      const retriedReads = () => nginx.accessLog().filter((line) => /^\d+ (GET|HEAD) "[^"]+, [^"]+"/.test(line));
      // A third of the way in, the second instance dies. It stays down until nginx has sent a read to it
      // and retried that read on the first: once one request has found it down, nginx leaves it alone
      // for its fail_timeout (10 s) and then tries it again, with whichever request comes.
      let inHandAtTheKill: string[] = [];
      const drill = (async () => {
        await delay(duration / 3);
        second.process.kill("SIGKILL");
        await second.stop();
        // What the dead instance had in hand stays taken until its jobs expire.
        inHandAtTheKill = await mailInHand(database.url);
        await waitUntil(
          async () => {
            await fetch(`${proxyUrl}/api/blog/categories/`).catch(() => undefined);
            return retriedReads().length > 0;
          },
          30_000,
          "a read retried on the surviving instance",
        );
        second = await instance(ports[1]);
      })();
      const result = await runLoad({ url: proxyUrl, mix: mixedLoad(site, undefined), connections: 16, durationMs: duration });
      await drill;

      // Reads: every one answered, those that met the dead instance retried on the other.
      const reads = result.outcomes.filter((outcome) => !outcome.stores);
      const failedReads = reads.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
      expect(failedReads, JSON.stringify(statusTable(failedReads))).toEqual([]);
      const retried = retriedReads();
      expect(retried.length, nginx.errors().slice(-2000)).toBeGreaterThan(0);

      // Forms: a post in flight on the killed instance may fail (nginx never sends a POST twice); the
      // rest are 2xx, and every 2xx is one stored row, none stored twice.
      const posts = result.outcomes.filter((outcome) => outcome.stores);
      const failedPosts = posts.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
      expect(failedPosts.every((outcome) => outcome.status === 502 || outcome.status === 0)).toBe(true);
      expect(failedPosts.length).toBeLessThanOrEqual(16);
      const rows = await postgresRows(database.url);
      expect(rows.halfWritten).toEqual([]);
      for (const kind of ["enquiries", "applications", "subscriptions"] as const) expect(new Set(rows[kind]).size).toBe(rows[kind].length);
      const stored = { enquiry: new Set(rows.enquiries), application: new Set(rows.applications), subscription: new Set(rows.subscriptions) };
      for (const [kind, ids] of Object.entries(result.stored) as [keyof typeof stored, string[]][]) {
        expect(
          ids.filter((id) => !stored[kind].has(id)),
          `${kind} answered 2xx but not stored`,
        ).toEqual([]);
      }

      // Mail: what the dead instance had in hand goes back to the queue once its jobs expire, and is sent
      // after a retry's back-off; the outbox drains.
      await waitUntil(async () => (await outboxMail(database.url, "pending")).length === 0, 120_000, "the outbox to drain");
      const sent = await outboxMail(database.url, "sent");
      await waitUntil(() => smtp.messages.length >= sent.length, 10_000, "the mail sink to hear of every mail sent");
      const delivered = smtp.messages.map((mail) => mail.messageId ?? "");
      // A mail arrives twice only if its instance was killed between the receiving server's 250 and marking
      // its row sent: one it had in hand at the kill, sent again with the same Message-ID, so the receiver
      // can tell (server/mail/outbox.ts). Any other mail arrives once.
      const twice = delivered.filter((id, index) => delivered.indexOf(id) !== index);
      expect(
        twice.filter((id) => !inHandAtTheKill.includes(id)),
        "mails delivered twice that no killed instance had in hand",
      ).toEqual([]);
      // Every mail marked sent arrived, and every mail that arrived is marked sent.
      expect(sent.filter((id) => !delivered.includes(id))).toEqual([]);
      expect(delivered.filter((id) => !sent.includes(id))).toEqual([]);

      recordFigures({
        suite: "proxy",
        requests: result.requests,
        p99: result.p99,
        readsRetried: retried.length,
        readsFailed: failedReads.length,
        postsFailedAtTheKill: failedPosts.length,
        rowsStored: rows.enquiries.length + rows.applications.length + rows.subscriptions.length,
        mailsSent: sent.length,
        mailsInHandAtTheKill: inHandAtTheKill.length,
        mailsDeliveredTwice: twice.length,
      });
    } finally {
      await nginx.stop();
      await second.stop("SIGKILL");
      await first.stop("SIGKILL");
      await database.drop();
    }
  });
});
