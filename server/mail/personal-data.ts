import { and, asc, eq, ilike, or } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "../modules/privacy/handler";
import { outbox } from "./schema";

/** `%` and `_` in an address are themselves in a LIKE pattern. */
const containing = (email: string) => `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The mails sent to a person, and staff's notices that quote their address. The archive lists what
 * went to them; their content is in the areas' own records.
 */
export const mailPersonalData: PersonalDataHandler = {
  area: "mail",
  tables: [outbox],

  async export(executor, subject) {
    const mails = await executor
      .select({ subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(and(sameEmail(outbox.to, subject.email), eq(outbox.forgetOnceSent, false)))
      .orderBy(asc(outbox.createdAt));
    if (mails.length === 0) return undefined;
    return {
      records: mails.map((mail) => ({
        subject: mail.subject,
        status: mail.status,
        queued_at: mail.createdAt.toISOString(),
        sent_at: mail.sentAt?.toISOString() ?? null,
      })),
    };
  },

  async erase(executor, subject) {
    const pattern = containing(subject.email);
    const gone = await executor
      .delete(outbox)
      .where(
        and(
          eq(outbox.forgetOnceSent, false),
          or(
            sameEmail(outbox.to, subject.email),
            sameEmail(outbox.replyTo, subject.email),
            ilike(outbox.text, pattern),
            ilike(outbox.html, pattern),
            ilike(outbox.subject, pattern),
          ),
        ),
      )
      .returning({ id: outbox.id });
    return gone.length;
  },
};
