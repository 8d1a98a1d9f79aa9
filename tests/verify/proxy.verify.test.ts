import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/port";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { freshPostgresDatabase, machinePostgres, machineRedis, postgresRows } from "./support/databases";
import { runLoad, statusTable } from "./support/load";
import { mixedLoad, visitor } from "./support/mix";
import { FULL, delay, recordFigures, seconds, startServer, waitUntil } from "./support/site";

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

/** The Message-IDs of the outbox's mails in a state: the one chosen for it, or the one made from its row. */
async function outboxMail(url: string, status: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (await client.query("select id, message_id from outbox where status = $1 order by id", [status])).rows;
    return rows.map((row) => String(row.message_id ?? `<outbox-${row.id}@127.0.0.1>`));
  } finally {
    await client.end();
  }
}

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

  it("loses and doubles nothing when an instance is killed under load and started again, and retries reads on the other", async () => {
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
      const drill = (async () => {
        await delay(duration / 3);
        second.process.kill("SIGKILL");
        await second.stop();
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

      // Mail: what the dead instance had in hand goes back to the queue once its heartbeat has been silent
      // for 10 s (the supervisor looks every 15 s), and is sent after a retry's back-off.
      await waitUntil(async () => (await outboxMail(database.url, "pending")).length === 0, 120_000, "the outbox to drain");
      const leasedByTheDead = await outboxMail(database.url, "sending");
      if (FULL) await waitUntil(async () => (await outboxMail(database.url, "sending")).length === 0, 180_000, "the dead instance's mail");
      const sent = await outboxMail(database.url, "sent");
      await waitUntil(() => smtp.messages.length >= sent.length, 10_000, "the mail sink to hear of every mail sent");
      const delivered = smtp.messages.map((mail) => mail.messageId ?? "");
      expect(delivered.length - new Set(delivered).size, "mails delivered twice").toBe(0);
      // Every mail marked sent arrived; one that arrived unmarked can only be one the dead instance had in hand.
      expect(sent.filter((id) => !delivered.includes(id))).toEqual([]);
      expect(delivered.filter((id) => !sent.includes(id) && !leasedByTheDead.includes(id))).toEqual([]);

      recordFigures({
        suite: "proxy",
        requests: result.requests,
        p99: result.p99,
        readsRetried: retried.length,
        readsFailed: failedReads.length,
        postsFailedAtTheKill: failedPosts.length,
        rowsStored: rows.enquiries.length + rows.applications.length + rows.subscriptions.length,
        mailsSent: sent.length,
        mailsAwaitingLease: FULL ? 0 : leasedByTheDead.length,
      });
    } finally {
      await nginx.stop();
      await second.stop("SIGKILL");
      await first.stop("SIGKILL");
      await database.drop();
    }
  });
});
