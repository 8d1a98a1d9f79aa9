import { z } from "./zod";

/** The stages whose move offers the candidate a mail: an interview invitation, an offer, a rejection. */
export const CANDIDATE_MAIL_STAGES = ["interview", "offer", "rejected"] as const;
export type CandidateMailStage = (typeof CANDIDATE_MAIL_STAGES)[number];

export const isCandidateMailStage = (stage: string): stage is CandidateMailStage => (CANDIDATE_MAIL_STAGES as readonly string[]).includes(stage);

/** What a template may say that each mail fills in: the candidate's name, the job's title, and the meeting booking page. */
export const CANDIDATE_MAIL_PLACEHOLDERS = ["{name}", "{job}", "{booking_link}"] as const;

export const CANDIDATE_MAIL_SUBJECT_MAX = 200;
export const CANDIDATE_MAIL_BODY_MAX = 10_000;

/** A mail to a candidate as staff confirm it, and a stage's template as staff edit it. */
export const CandidateMailSchema = z.object({
  subject: z
    .string("Write a subject.")
    .trim()
    .min(1, "Write a subject.")
    .max(CANDIDATE_MAIL_SUBJECT_MAX, `Use at most ${CANDIDATE_MAIL_SUBJECT_MAX} characters.`)
    // A line break in a subject would end the header it is written into.
    .refine((subject) => !/[\r\n]/.test(subject), "Keep the subject on one line."),
  body: z.string("Write the message.").trim().min(1, "Write the message.").max(CANDIDATE_MAIL_BODY_MAX, `Use at most ${CANDIDATE_MAIL_BODY_MAX} characters.`),
});
export type CandidateMail = z.infer<typeof CandidateMailSchema>;

export const CandidateMailStageParams = z.object({ stage: z.enum(CANDIDATE_MAIL_STAGES) });

export interface CandidateMailTemplate extends CandidateMail {
  stage: CandidateMailStage;
  /** Who last changed it, and when; null while it is the site's own wording. */
  updated_by: string | null;
  updated_at: string | null;
}

/** The mail an application's latest move offers, filled in from its stage's template, until staff send it or pass. */
export interface CandidateMailDraft extends CandidateMail {
  stage: CandidateMailStage;
  to: string;
}
