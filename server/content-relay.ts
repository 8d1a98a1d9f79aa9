import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ContentArea, ContentEvents } from "./content-events";

const CHANNEL = "content_changed";
const AREAS = new Set<string>(["blog", "careers"]);
const RETRY_MS = [100, 500, 2000, 5000];

interface Log {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Carries content changes between app instances sharing one PostgreSQL: each change made here is
 * announced with NOTIFY, and each one announced by another instance is replayed into this one's
 * content events. While the listening connection is down, `onLost` is told, so the page cache
 * stops trusting its copies; `onListening` follows each (re)connection.
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
  let replaying = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const announce = (area: ContentArea) => {
    if (replaying || closed) return;
    // On a connection of its own, so an announcement does not depend on the listener being up.
    const send = async (attempt = 1): Promise<void> => {
      const notifier = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 3000 });
      notifier.on("error", () => {});
      try {
        await notifier.connect();
        await notifier.query("select pg_notify($1, $2)", [CHANNEL, `${instance}:${area}`]);
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt - 1]));
        return send(attempt + 1);
      } finally {
        await notifier.end().catch(() => {});
      }
    };
    void send().catch((error: Error) => log.warn(`could not announce a ${area} change to other instances: ${error.message}`));
  };

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
      replaying = true;
      try {
        events.changed(area as ContentArea);
      } finally {
        replaying = false;
      }
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

  const unsubscribe = events.onChange(announce);
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
      unsubscribe();
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
