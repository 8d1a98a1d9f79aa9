import { desc, eq } from "drizzle-orm";
import {
  CANDIDATE_MAIL_STAGES,
  isCandidateMailStage,
  type CandidateMail,
  type CandidateMailDraft,
  type CandidateMailStage,
  type CandidateMailTemplate,
} from "#contracts/candidate-mail.ts";
import { site } from "#app/content/site.ts";
import type { Database, Executor } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { MailOutbox } from "../../mail/outbox";
import { recordAudit, type AuditActor } from "../audit/service";
import { careerApplicationMoves, careerApplications, careerMailTemplates } from "./schema";

const signature = `Best regards,\nThe ${site.name} hiring team`;

/** The site's own wording of each stage's mail, until staff write theirs. */
const SITE_TEMPLATES: Record<CandidateMailStage, CandidateMail> = {
  interview: {
    subject: `${site.name}: an interview for {job}`,
    body: [
      "Dear {name},",
      `Thank you for applying for {job} with ${site.name}. We enjoyed reading your application and would like to talk with you.`,
      "Please choose a time for a video interview that suits you:\n{booking_link}",
      "If none of the times works for you, reply to this mail and we will find another.",
      signature,
    ].join("\n\n"),
  },
  offer: {
    subject: `${site.name}: an offer for {job}`,
    body: [
      "Dear {name},",
      `We are delighted to offer you {job} with ${site.name}. The written offer with its terms follows separately.`,
      "Reply to this mail with any question; we look forward to working with you.",
      signature,
    ].join("\n\n"),
  },
  rejected: {
    subject: `${site.name}: your application for {job}`,
    body: [
      "Dear {name},",
      `Thank you for your interest in {job} with ${site.name} and for the time you gave your application. After careful review, we have decided not to take it further.`,
      "We wish you every success in your search.",
      signature,
    ].join("\n\n"),
  },
};

/** What {job} reads as for an application to no particular opening. */
const GENERAL_APPLICATION_JOB = "a role";

/** A template with its placeholders filled in for one candidate. */
export function fillIn(template: CandidateMail, values: { name: string; job: string | null; bookingLink: string }): CandidateMail {
  const replacements: Record<string, string> = { "{name}": values.name, "{job}": values.job ?? GENERAL_APPLICATION_JOB, "{booking_link}": values.bookingLink };
  const fill = (text: string) => text.replace(/\{(?:name|job|booking_link)\}/g, (placeholder) => replacements[placeholder]!);
  // A name cannot break the subject's header: the name field refuses line breaks, and they are taken out here all the same.
  return { subject: fill(template.subject).replace(/[\r\n]+/g, " "), body: fill(template.body) };
}

/** The mail an application's latest move offers, as one row of its history says. */
interface LatestMove {
  id: number;
  toStatus: string;
  mail: "sent" | "skipped" | null;
}

/**
 * Candidate mail: each stage's template, and the mail a move to Interview, Offer or Rejected offers,
 * which staff read, may edit, and send or pass over. A move's mail goes once at most: the choice is
 * recorded on the move in the transaction that queues the mail.
 */
export function createCandidateMail(deps: { db: Database; outbox: MailOutbox; now: () => Date; publicUrl: string }) {
  const { db, now } = deps;
  const bookingLink = `${deps.publicUrl}/meetings/book`;

  async function template(stage: CandidateMailStage, executor: Executor = db): Promise<CandidateMailTemplate> {
    const [row] = await executor.select().from(careerMailTemplates).where(eq(careerMailTemplates.stage, stage));
    return row
      ? { stage, subject: row.subject, body: row.body, updated_by: row.updatedBy, updated_at: row.updatedAt.toISOString() }
      : { stage, ...SITE_TEMPLATES[stage], updated_by: null, updated_at: null };
  }

  /** The latest move, when it is still waiting for staff to send or pass over its mail. */
  const awaitingMail = (status: string, latest: LatestMove | undefined): latest is LatestMove =>
    !!latest && latest.toStatus === status && isCandidateMailStage(status) && latest.mail === null;

  async function latestMove(executor: Executor, applicationId: string): Promise<LatestMove | undefined> {
    const [move] = await executor
      .select({ id: careerApplicationMoves.id, toStatus: careerApplicationMoves.toStatus, mail: careerApplicationMoves.mail })
      .from(careerApplicationMoves)
      .where(eq(careerApplicationMoves.applicationId, applicationId))
      .orderBy(desc(careerApplicationMoves.at), desc(careerApplicationMoves.id))
      .limit(1);
    return move;
  }

  /** Records staff's choice on the move that offered the mail, refusing a second one; the application, locked, as it stands. */
  async function decide(tx: Executor, applicationId: string, choice: "sent" | "skipped") {
    const [application] = await tx
      .select({ status: careerApplications.status, name: careerApplications.name, email: careerApplications.email })
      .from(careerApplications)
      .where(eq(careerApplications.id, applicationId))
      .for("update");
    if (!application) throw new HttpError(404, "Application not found.");
    const latest = await latestMove(tx, applicationId);
    if (latest?.mail)
      throw new HttpError(409, latest.mail === "sent" ? "This mail has already been sent." : "This mail was passed over.", undefined, "mail_decided");
    if (!awaitingMail(application.status, latest)) throw new HttpError(409, "This application's stage offers no mail.", undefined, "no_mail");
    await tx.update(careerApplicationMoves).set({ mail: choice }).where(eq(careerApplicationMoves.id, latest.id));
    return { ...application, stage: application.status as CandidateMailStage };
  }

  return {
    async templates(): Promise<CandidateMailTemplate[]> {
      return Promise.all(CANDIDATE_MAIL_STAGES.map((stage) => template(stage)));
    },

    async saveTemplate(stage: CandidateMailStage, mail: CandidateMail, actor: AuditActor): Promise<CandidateMailTemplate> {
      const values = { subject: mail.subject, body: mail.body, updatedBy: actor.username, updatedAt: now() };
      await db.transaction(async (tx) => {
        await tx
          .insert(careerMailTemplates)
          .values({ stage, ...values })
          .onConflictDoUpdate({ target: careerMailTemplates.stage, set: values });
        await recordAudit(tx, actor, "candidate_mail_template.saved", `candidate_mail_template:${stage}`);
      });
      return template(stage);
    },

    /** The mail the application's latest move offers, filled in for the candidate; null when there is none to decide. */
    async draft(application: { id: string; name: string; email: string; job_title: string | null; status: string }): Promise<CandidateMailDraft | null> {
      const latest = await latestMove(db, application.id);
      if (!awaitingMail(application.status, latest)) return null;
      const stage = application.status as CandidateMailStage;
      const mail = fillIn(await template(stage), { name: application.name, job: application.job_title, bookingLink });
      return { stage, to: application.email, ...mail };
    },

    /** Sends the mail as staff confirmed it, through the outbox, once. */
    async send(applicationId: string, mail: CandidateMail, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const application = await decide(tx, applicationId, "sent");
        await deps.outbox.enqueue(tx, { to: application.email, replyTo: site.contact.careersEmail, subject: mail.subject, text: mail.body }, now());
        await recordAudit(tx, actor, "application.mailed", `application:${applicationId}`, { name: application.name, stage: application.stage });
      });
    },

    /** Passes over the mail: the move stands, and the candidate hears nothing from it. */
    async skip(applicationId: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const application = await decide(tx, applicationId, "skipped");
        await recordAudit(tx, actor, "application.mail_skipped", `application:${applicationId}`, { name: application.name, stage: application.stage });
      });
    },
  };
}

export type CandidateMailService = ReturnType<typeof createCandidateMail>;
