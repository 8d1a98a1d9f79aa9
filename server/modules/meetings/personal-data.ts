import { asc } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "../privacy/handler";
import { meetings } from "./schema";

/** Meetings the person booked, past and to come. */
export const meetingsPersonalData: PersonalDataHandler = {
  area: "meetings",
  tables: [meetings],

  async export(executor, subject) {
    const rows = await executor.select().from(meetings).where(sameEmail(meetings.email, subject.email)).orderBy(asc(meetings.startsAt));
    if (rows.length === 0) return undefined;
    return {
      records: rows.map((meeting) => ({
        name: meeting.name,
        email: meeting.email,
        topic: meeting.topic,
        starts_at: meeting.startsAt.toISOString(),
        ends_at: meeting.endsAt.toISOString(),
        time_zone: meeting.timeZone,
        status: meeting.status,
        booked_at: meeting.createdAt.toISOString(),
        cancelled_at: meeting.cancelledAt?.toISOString() ?? null,
        cancel_reason: meeting.cancelReason,
      })),
    };
  },

  async erase(executor, subject) {
    const gone = await executor.delete(meetings).where(sameEmail(meetings.email, subject.email)).returning({ id: meetings.id });
    return gone.length;
  },
};
