import { createServer, Socket, type Server } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../tests/helpers/database";
import { createContentEvents, type ContentArea } from "./content-events";
import { relayContentChanges } from "./content-relay";
import { postgresHandle } from "./db/client";

const quiet = { warn() {}, info() {} };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function withApplicationName(url: string, name: string) {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

/**
 * One app instance: its own connections to the shared PostgreSQL for its writes, its content events,
 * and its relay listening at `listenUrl`.
 */
async function instance(options: { applicationName?: string; listenUrl?: string } = {}) {
  const database = postgresHandle(process.env.TEST_DATABASE_URL!);
  closers.push(() => database.close());
  const events = createContentEvents(database.db);
  const heard: ContentArea[] = [];
  events.onChange((area) => void heard.push(area));
  const state = { listening: false, lost: 0 };
  const relay = await relayContentChanges({
    databaseUrl: withApplicationName(options.listenUrl ?? process.env.TEST_DATABASE_URL!, options.applicationName ?? "content-relay-test"),
    events,
    log: quiet,
    onListening: () => (state.listening = true),
    onLost: () => {
      state.listening = false;
      state.lost++;
    },
  });
  closers.push(() => relay.close());
  const write = (area: ContentArea) => events.write(area, async (tx) => void (await tx.execute(sql`select 1`)));
  return { events, heard, state, write };
}

/** A way to the database that lets its first connection through and refuses every later one. */
async function onlyFirstConnection(databaseUrl: string): Promise<string> {
  const target = new URL(databaseUrl);
  const sockets: Socket[] = [];
  let admitted = 0;
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    if (admitted++ > 0) return socket.destroy();
    const upstream = new Socket();
    sockets.push(upstream);
    upstream.connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address() as { port: number };
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(address.port);
  return proxied.toString();
}

describe.skipIf(testDatabaseKind !== "postgres")("content changes between instances sharing PostgreSQL", () => {
  it("reaches every other instance once, and is not echoed back", async () => {
    const [writer, reader, third] = [await instance(), await instance(), await instance()];
    // Each change is announced on its own; which of two arrives first does not matter to a cache.
    const heard = (relayed: { heard: string[] }) => [...relayed.heard].sort();
    await writer.write("blog");
    await writer.write("careers");
    await expect.poll(() => heard(reader)).toEqual(["blog", "careers"]);
    await expect.poll(() => heard(third)).toEqual(["blog", "careers"]);
    expect(writer.heard).toEqual(["blog", "careers"]); // its own, once committed
    // Replayed changes are not announced again, so nothing comes back to the writer.
    await reader.write("blog");
    await expect.poll(() => heard(third)).toEqual(["blog", "blog", "careers"]);
    await expect.poll(() => heard(writer)).toEqual(["blog", "blog", "careers"]);
  });

  it("announces a change if and only if its write commits", async () => {
    const [writer, reader] = [await instance(), await instance()];
    await expect(
      writer.events.write("blog", async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error("the write fails");
      }),
    ).rejects.toThrow("the write fails");
    await writer.write("careers");
    // Announcements arrive in commit order: once the later one is here, the failed one would have been too.
    await expect.poll(() => reader.heard).toContain("careers");
    expect(reader.heard).toEqual(["careers"]);
    expect(writer.heard).toEqual(["careers"]);
  });

  it("announces through the writing transaction, so a change reaches others when no new connection can be opened", async () => {
    const reader = await instance();
    // The writer's relay listens through a way that refuses new connections once it is connected.
    const writer = await instance({ listenUrl: await onlyFirstConnection(process.env.TEST_DATABASE_URL!) });
    expect(writer.state.listening).toBe(true);
    await writer.write("blog");
    await expect.poll(() => reader.heard).toEqual(["blog"]);
  });

  it("reports a lost listening connection, so copies stop being trusted, and listens again", async () => {
    const name = `content-relay-test-${process.pid}-${Date.now()}`;
    const reader = await instance({ applicationName: name });
    expect(reader.state.listening).toBe(true);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [name]);
    await admin.end();
    await expect.poll(() => reader.state.lost).toBeGreaterThan(1);
    await expect.poll(() => reader.state.listening).toBe(true);

    const writer = await instance();
    await writer.write("careers");
    await expect.poll(() => reader.heard).toEqual(["careers"]);
  });
});
