import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../tests/helpers/database";
import { createContentEvents, type ContentArea } from "./content-events";
import { relayContentChanges } from "./content-relay";

const quiet = { warn() {}, info() {} };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function withApplicationName(url: string, name: string) {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

/** One app instance's content events, joined to the others through the shared PostgreSQL. */
async function instance(applicationName = "content-relay-test") {
  const events = createContentEvents();
  const heard: ContentArea[] = [];
  events.onChange((area) => heard.push(area));
  const state = { listening: false, lost: 0 };
  const relay = await relayContentChanges({
    databaseUrl: withApplicationName(process.env.TEST_DATABASE_URL!, applicationName),
    events,
    log: quiet,
    onListening: () => (state.listening = true),
    onLost: () => {
      state.listening = false;
      state.lost++;
    },
  });
  closers.push(() => relay.close());
  return { events, heard, state };
}

describe.skipIf(testDatabaseKind !== "postgres")("content changes between instances sharing PostgreSQL", () => {
  it("reaches every other instance once, and is not echoed back", async () => {
    const [writer, reader, third] = [await instance(), await instance(), await instance()];
    // Each change is announced on its own; which of two arrives first does not matter to a cache.
    const heard = (relayed: { heard: string[] }) => [...relayed.heard].sort();
    writer.events.changed("blog");
    writer.events.changed("careers");
    await expect.poll(() => heard(reader)).toEqual(["blog", "careers"]);
    await expect.poll(() => heard(third)).toEqual(["blog", "careers"]);
    // Replayed changes are not announced again, so nothing comes back to the writer.
    reader.events.changed("blog");
    await expect.poll(() => heard(writer)).toEqual(["blog", "blog", "careers"]);
    await expect.poll(() => heard(third)).toEqual(["blog", "blog", "careers"]);
  });

  it("reports a lost listening connection, so copies stop being trusted, and listens again", async () => {
    const name = `content-relay-test-${process.pid}-${Date.now()}`;
    const reader = await instance(name);
    expect(reader.state.listening).toBe(true);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [name]);
    await admin.end();
    await expect.poll(() => reader.state.lost).toBeGreaterThan(1);
    await expect.poll(() => reader.state.listening).toBe(true);

    const writer = await instance();
    writer.events.changed("careers");
    await expect.poll(() => reader.heard).toEqual(["careers"]);
  });
});
