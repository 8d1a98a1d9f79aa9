import { z } from "./zod";
import { searchText } from "./search";
import { line } from "./enquiries";
import { HONEYPOT_FIELD } from "./honeypot";

export const AssistantSourceSchema = z.object({ title: z.string(), url: z.string() });
export type AssistantSource = z.infer<typeof AssistantSourceSchema>;

/** `POST /api/assistant/`: a question, with the conversation it continues (none for the first). */
export const AssistantRequestSchema = z.object({
  question: searchText.trim().min(1, "Type a question."),
  conversation: z.uuid("Send the conversation id you were given.").optional(),
});
export type AssistantRequest = z.infer<typeof AssistantRequestSchema>;

export const AssistantResponseSchema = z.object({
  answer: z.string(),
  /** False when nothing on the site matched well enough: the answer says so and offers a person. */
  answered: z.boolean(),
  sources: z.array(AssistantSourceSchema),
  conversation: z.uuid(),
});
export type AssistantResponse = z.infer<typeof AssistantResponseSchema>;

/** `POST /api/assistant/handoff/`: the visitor asks for a person; the transcript goes to the enquiry inbox. */
export const AssistantHandoffSchema = z.object({
  conversation: z.uuid("Send the conversation id you were given."),
  /** One line, as on the other forms: the name heads the enquiry staff read and answer. */
  name: line(200),
  email: z
    .string("Enter your email.")
    .trim()
    .min(1, "This field is required.")
    .max(254, "Use at most 254 characters.")
    .pipe(z.email("Enter a valid email address.")),
  [HONEYPOT_FIELD]: z.string().max(0, "Leave this field empty.").optional(),
});
export type AssistantHandoff = z.infer<typeof AssistantHandoffSchema>;

export const AssistantHandoffResponseSchema = z.object({ message: z.string() });

/** One conversation in the admin's list. */
export const AssistantConversationSummarySchema = z.object({
  id: z.uuid(),
  startedAt: z.string(),
  lastAt: z.string(),
  questions: z.number(),
  unanswered: z.number(),
  firstQuestion: z.string(),
  /** The enquiry made when the visitor asked for a person. */
  enquiryId: z.number().nullable(),
});
export type AssistantConversationSummary = z.infer<typeof AssistantConversationSummarySchema>;

export const AssistantTurnSchema = z.object({
  question: z.string(),
  answer: z.string(),
  answered: z.boolean(),
  sources: z.array(AssistantSourceSchema),
  askedAt: z.string(),
});
export type AssistantTurn = z.infer<typeof AssistantTurnSchema>;

/** `POST /api/admin/assistant/answers/`: an answer staff write for a question the assistant could not answer. */
export const AssistantAnswerInputSchema = z.object({
  question: z.string("Enter the question.").trim().min(3, "Enter the question as visitors ask it.").max(300, "Use at most 300 characters."),
  answer: z.string("Enter the answer.").trim().min(10, "Write an answer of a sentence or more.").max(3000, "Use at most 3,000 characters."),
});
export type AssistantAnswerInput = z.infer<typeof AssistantAnswerInputSchema>;

export interface AssistantAnswer {
  id: number;
  question: string;
  answer: string;
  writtenBy: string;
  writtenAt: string;
}

/** A question the assistant declined, alike ones counted together. */
export interface UnansweredQuestion {
  question: string;
  asked: number;
  /** How often the visitor then passed the conversation to a person. */
  handedOff: number;
  lastAt: string;
  /** Staff have written an answer for it since. */
  answered: boolean;
}
