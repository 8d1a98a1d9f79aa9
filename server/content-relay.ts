import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { ContentArea, ContentEvents } from "./content-events";

const CHANNEL = "content_changed";
const AREAS = new Set<string>(["blog", "careers", "faq", "content"]);
const RETRY_MS = [100, 500, 2000, 5000];

interface Log {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Carries content changes between app instances sharing one PostgreSQL: each change made here is
 * announced with `pg_notify` inside the transaction that writes it (so it is sent exactly when the
 * write commits, on the connection that wrote it), and each one announced by another instance is
 * replayed into this one's content events. While the listening connection is down, `onLost` is
 * told, so the page cache stops trusting its copies; `onListening` follows each (re)connection.
 */
export async function relayContentChanges(options: {
  databaseUrl: string;
  events: ContentEvents;
  log: Log;
  onListening: () => void;
  onLost: () => void;
}): Promise<{ close(): Promise<void> }> {
  const { events, log } = options;
  const instance = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const listener = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 3000 });
    const lost = () => {
      if (client !== listener) return;
      client = undefined;
      options.onLost();
      if (!closed) scheduleRetry();
    };
    listener.on("error", lost);
    listener.on("end", lost);
    listener.on("notification", (message) => {
      const [from, area] = (message.payload ?? "").split(":");
      if (from === instance || !area || !AREAS.has(area)) return;
      void events.changed(area as ContentArea);
    });
    await listener.connect();
    await listener.query(`listen ${CHANNEL}`);
    client = listener;
    failures = 0;
    options.onListening();
  };

  const scheduleRetry = () => {
    const delay = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
    retryTimer = setTimeout(() => {
      connect().catch((error: Error) => {
        log.warn(`content change relay: ${error.message}; retrying`);
        if (!closed) scheduleRetry();
      });
    }, delay);
    retryTimer.unref();
  };

  const stopAnnouncing = events.announceWith(async (tx, area) => {
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${`${instance}:${area}`})`);
  });
  options.onLost();
  try {
    await connect();
  } catch (error) {
    log.warn(`content change relay: ${(error as Error).message}; page copies stay off until it connects`);
    scheduleRetry();
  }

  return {
    async close() {
      closed = true;
      stopAnnouncing();
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
