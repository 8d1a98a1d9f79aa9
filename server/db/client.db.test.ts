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
  let connectionsSeen = 0;
  afterEach(() => {
    vi.useRealTimers();
    relay?.close();
    relay = undefined;
    connectionsSeen = 0;
  });

  /** A handle on a port standing for the database server: closed (refusing) until `relayToDatabase` opens it. */
  async function refusedHandle() {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const port = await freePort();
    const url = new URL(target);
    url.port = String(port);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const relayToDatabase = async () => {
      relay = createServer((socket) => {
        connectionsSeen += 1;
        const upstream = connect(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay!.listen(port, "127.0.0.1", resolve));
    };
    return { handle: postgresHandle(url.toString()), relayToDatabase };
  }

  it("is refused at once for half a second after one refused attempt, then tried again, and served when it is back", async () => {
    const { handle, relayToDatabase } = await refusedHandle();
    try {
      expect(await failure(handle.db.execute(sql`select 1`))).toBe("ECONNREFUSED");
      await relayToDatabase();

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

  it("serves at once once its readiness ping is answered, without waiting out the half second", async () => {
    const { handle, relayToDatabase } = await refusedHandle();
    try {
      expect(await failure(handle.db.execute(sql`select 1`))).toBe("ECONNREFUSED");
      await relayToDatabase();
      expect(await failure(handle.db.execute(sql`select 1`))).toBe("EOPENBREAKER");

      // /readyz's ping reaches the database on a connection of its own: once it answers, the site is ready and serves.
      await handle.ping();
      const answer = (await handle.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(answer.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
