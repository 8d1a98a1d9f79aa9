import { and, asc, eq, inArray, isNull, lt, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { MailOutbox } from "../../mail/outbox";
import { admins } from "../admin/schema";
import type { TeamService } from "../admin/team";
import { enquiries, inboxDigests } from "./schema";

/** The company's time zone: the digest goes out at its morning hour (docs/design.md). */
const TIME_ZONE = "Asia/Kathmandu";
/** A digest is read, not searched: past this many of a kind it says how many more there are. */
const MAX_LISTED = 50;

const kathmandu = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The Kathmandu calendar day (YYYY-MM-DD) and hour (0–23) at an instant. */
export function kathmanduDayAndHour(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(kathmandu.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** "45 min", "5 h", "3 days": how long, as a reader of the morning mail wants it. */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

type Row = { id: number; name: string | null; email: string; subject: string | null; type: string; dueAt: Date | null; createdAt: Date; owner: string | null };

/**
 * Once a day, at INBOX_DIGEST_HOUR in Kathmandu, every admin who works the inbox is mailed what needs
 * them: the conversations past their due time, and the open ones nobody owns. The day's row in
 * inbox_digests is inserted in the transaction that queues the mails, so of several instances ticking
 * together exactly one sends it.
 */
export function createInboxDigest(deps: {
  db: Database;
  outbox: MailOutbox;
  team: Pick<TeamService, "membersFor">;
  publicUrl: string;
  hour: number;
  now: () => Date;
}) {
  const { db } = deps;

  const columns = {
    id: enquiries.id,
    name: enquiries.name,
    email: enquiries.email,
    subject: enquiries.subject,
    type: enquiries.type,
    dueAt: enquiries.dueAt,
    createdAt: enquiries.createdAt,
    owner: admins.username,
  };

  async function report(at: Date) {
    const [overdue, unassigned] = await Promise.all([
      db
        .select(columns)
        .from(enquiries)
        .leftJoin(admins, eq(admins.id, enquiries.assigneeId))
        .where(and(lt(enquiries.dueAt, at), notInArray(enquiries.status, ["closed", "spam"])))
        .orderBy(asc(enquiries.dueAt), asc(enquiries.id)),
      db
        .select(columns)
        .from(enquiries)
        .leftJoin(admins, eq(admins.id, enquiries.assigneeId))
        .where(and(inArray(enquiries.status, ["new", "open"]), isNull(enquiries.assigneeId)))
        .orderBy(asc(enquiries.createdAt), asc(enquiries.id)),
    ]);
    return { overdue, unassigned };
  }

  function section(title: string, rows: Row[], line: (row: Row) => string) {
    if (rows.length === 0) return "";
    const listed = rows.slice(0, MAX_LISTED).map((row) => {
      const from = row.name ? `${row.name} <${row.email}>` : row.email;
      return `- #${row.id} ${row.subject ?? row.type} from ${from}: ${line(row)}\n  ${deps.publicUrl}/admin/enquiries/${row.id}`;
    });
    const more = rows.length > MAX_LISTED ? `\n…and ${rows.length - MAX_LISTED} more.` : "";
    return `${title} (${rows.length}):\n${listed.join("\n")}${more}\n\n`;
  }

  function digestMail(day: string, at: Date, { overdue, unassigned }: Awaited<ReturnType<typeof report>>) {
    const counts = [overdue.length ? `${overdue.length} overdue` : "", unassigned.length ? `${unassigned.length} unassigned` : ""].filter(Boolean);
    return {
      subject: `Enquiry inbox for ${day}: ${counts.join(", ")}`,
      text:
        section(
          "Overdue",
          overdue,
          (row) => `overdue by ${durationText(at.getTime() - row.dueAt!.getTime())}${row.owner ? `, owner ${row.owner}` : ", no owner"}`,
        ) +
        section("Unassigned", unassigned, (row) => `arrived ${durationText(at.getTime() - row.createdAt.getTime())} ago`) +
        `The inbox: ${deps.publicUrl}/admin/enquiries\n`,
    };
  }

  /**
   * Sends the digest of the Kathmandu day `at` falls in, when its hour has come and no instance has
   * sent it yet; answers whether this call sent it. A day that passed with the server down is not
   * made up for: the next digest covers what is still waiting.
   */
  async function runDue(at = deps.now()): Promise<boolean> {
    const { day, hour } = kathmanduDayAndHour(at);
    if (hour < deps.hour) return false;
    const [done] = await db.select({ day: inboxDigests.day }).from(inboxDigests).where(eq(inboxDigests.day, day));
    if (done) return false;
    // Read before the transaction, which holds the embedded database while it runs.
    const [found, members] = await Promise.all([report(at), deps.team.membersFor("enquiries")]);
    const mail = found.overdue.length + found.unassigned.length > 0 ? digestMail(day, at, found) : undefined;
    return db.transaction(async (tx) => {
      // The day is marked even with nothing to report: the digest is the morning's, not the first enquiry's after it.
      const [claimed] = await tx.insert(inboxDigests).values({ day, sentAt: at }).onConflictDoNothing().returning({ day: inboxDigests.day });
      if (!claimed || !mail) return false;
      await deps.outbox.enqueueMany(
        tx,
        members.map((member) => ({ message: { to: member.email, ...mail }, at })),
      );
      return members.length > 0;
    });
  }

  return { runDue };
}

export type InboxDigest = ReturnType<typeof createInboxDigest>;
