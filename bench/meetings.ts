/**
 * Meeting slots at size: 5,000 future bookings, every third half hour of a year of round-the-clock
 * availability, then free slots asked for through the API (`app.inject`) for a day, a week and the
 * longest span a request may ask for. Budget: p99 ≤ 20 ms, on both databases.
 * Run alone with `npx tsx bench/meetings.ts` (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { sql } from "drizzle-orm";
import { meetingSettings } from "../server/modules/meetings/schema";
import { dayIn, wallTime } from "../server/modules/meetings/slots";
import { COMPANY_TIME_ZONE } from "#contracts/meeting-options.ts";
import { onFreshDatabase, printScenarios, runAlone, timeRequests, withBenchApp, type TimedScenario } from "./at-size";

export const SLOTS_BUDGET_MS = 20;
const BOOKINGS = 5_000;
const RUNS = Number(process.env.BENCH_MEETINGS_RUNS ?? 300);
const WARM_UP = 30;

export interface MeetingsBench {
  database: "pglite" | "postgres";
  bookings: number;
  scenarios: (TimedScenario & { slots: number })[];
}

export const benchMeetings = (options: { dataDir: string; databaseUrl?: string }): Promise<MeetingsBench> =>
  withBenchApp(options, async (app, database) => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
    await database.db.update(meetingSettings).set({ availability: everyDay, horizonDays: 365, minNoticeHours: 12 });
    // From the second Kathmandu midnight on, one booking every 90 minutes: each is a slot, two free slots between.
    const tomorrow = dayIn(new Date(Date.now() + 2 * 24 * 60 * 60_000), COMPANY_TIME_ZONE);
    const first = wallTime(tomorrow, 0, COMPANY_TIME_ZONE);
    await database.db.execute(sql`
      insert into meetings (name, email, starts_at, ends_at, time_zone, room_url, created_at)
      select 'Visitor ' || g, 'visitor' || g || '@example.com', ${first.toISOString()}::timestamptz + g * interval '90 minutes',
        ${first.toISOString()}::timestamptz + g * interval '90 minutes' + interval '30 minutes', 'America/New_York', 'https://meet.example.com/room', now()
      from generate_series(0, ${BOOKINGS - 1}) as g`);
    await database.db.execute(sql`analyze meetings`);

    const scenarios: MeetingsBench["scenarios"] = [];
    for (const [name, days, zone] of [
      ["a day, New York", 1, "America/New_York"],
      ["a week, Los Angeles", 7, "America/Los_Angeles"],
      ["31 days (the most asked at once), Kathmandu", 31, "Asia/Kathmandu"],
    ] as const) {
      const url = `/api/meetings/slots/?from=${tomorrow}&days=${days}&tz=${encodeURIComponent(zone)}`;
      const { read: slots, ...timing } = await timeRequests(
        { name, runs: RUNS, warmUp: WARM_UP, read: (body) => (body as { slots: unknown[] }).slots.length },
        () => app.inject({ url }),
      );
      scenarios.push({ name, slots, ...timing, pass: timing.p99 <= SLOTS_BUDGET_MS });
    }
    return { database: database.kind, bookings: BOOKINGS, scenarios };
  });

export const benchMeetingsPglite = () => onFreshDatabase("meetings", undefined, benchMeetings);
export const benchMeetingsPostgres = (serverUrl: string) => onFreshDatabase("meetings", serverUrl, benchMeetings);

export const printMeetings = (run: MeetingsBench) =>
  printScenarios(
    `${run.database}: free meeting slots with ${run.bookings.toLocaleString("en-US")} future bookings, ${RUNS} requests each through the API ` +
      `after ${WARM_UP} to warm up; budget p99 ≤ ${SLOTS_BUDGET_MS} ms`,
    { column: "free slots", field: "slots" },
    run.scenarios,
  );

await runAlone(import.meta.url, { pglite: benchMeetingsPglite, postgres: benchMeetingsPostgres, print: printMeetings });
