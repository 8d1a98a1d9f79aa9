import { connect, createServer, type Server } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDatabaseKind } from "../../tests/helpers/database";
import { freePort } from "../../tests/helpers/port";
import { postgresHandle } from "./client";

/** The driver's error, as drizzle hands it on: in `cause` when it wraps it. */
async function failure(work: Promise<unknown>): Promise<string | undefined> {
  const error = (await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as { code?: string; cause?: { code?: string } } | undefined;
  return error?.cause?.code ?? error?.code;
}

describe.runIf(testDatabaseKind === "postgres")("a PostgreSQL server that refuses connections", () => {
  let relay: Server | undefined;
  afterEach(() => {
    vi.useRealTimers();
    relay?.close();
  });

  it("is refused at once for half a second after one refused attempt, then tried again, and served when it is back", async () => {
    // A port standing for the database server: closed while it is down, relaying to the test server while it is up.
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const port = await freePort();
    let connectionsSeen = 0;
    const url = new URL(target);
    url.port = String(port);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const handle = postgresHandle(url.toString());
    try {
      expect(await failure(handle.db.execute(sql`select 1`))).toBe("ECONNREFUSED");

      relay = createServer((socket) => {
        connectionsSeen += 1;
        const upstream = connect(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay!.listen(port, "127.0.0.1", resolve));

      // Back already, but within half a second of the refusal: answered without a connection being tried.
      expect(await failure(handle.db.execute(sql`select 1`))).toBe("EOPENBREAKER");
      expect(connectionsSeen).toBe(0);

      vi.advanceTimersByTime(500);
      const answer = (await handle.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(connectionsSeen).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
