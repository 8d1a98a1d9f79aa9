import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { assistantReplies } from "#app/content/assistant.ts";
import type { Page } from "#contracts/admin-business.ts";
import type {
  AssistantConversationSummary,
  AssistantHandoff,
  AssistantRequest,
  AssistantResponse,
  AssistantSource,
  AssistantTurn,
} from "#contracts/assistant.ts";
import type { Job } from "#contracts/careers.ts";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { deviceOf } from "../analytics/service";
import type { EnquiriesService, Sender } from "../enquiries/service";
import type { SearchService } from "../search/service";
import { asksForOpenings, extractiveAnswer, openingsAnswer, sourcesOf } from "./answer";
import type { AnswerWording } from "./llm";
import { outOfScope } from "./scope";
import { assistantConversations, assistantTurns } from "./schema";

/** The most questions one conversation holds, so its transcript fits an enquiry staff can read. */
export const CONVERSATION_QUESTIONS_MAX = 30;
/** Passages weighed for an answer. */
const CANDIDATES = 30;
const CONVERSATIONS_PER_PAGE = 25;
/** Passages a model words an answer from, the best first. */
const WORDED_PASSAGES = 4;

const transcriptOf = (turns: AssistantTurn[]) =>
  turns
    .map((turn) => {
      const sources = turn.sources.map((source) => `${source.title} (${source.url})`).join(", ");
      return [
        `${assistantReplies.transcriptVisitor}: ${turn.question}`,
        `${assistantReplies.transcriptAssistant}: ${turn.answered ? turn.answer : `${assistantReplies.transcriptUnanswered} ${turn.answer}`}`,
        ...(sources ? [`${assistantReplies.transcriptSources}: ${sources}`] : []),
      ].join("\n");
    })
    .join("\n\n");

export function createAssistantService(deps: {
  db: Database;
  now: () => Date;
  search: SearchService;
  enquiries: EnquiriesService;
  /** The jobs open now, as the careers page lists them. */
  openJobs: () => Promise<Job[]>;
  word?: AnswerWording;
}) {
  const { db, now, search } = deps;

  async function answer(question: string): Promise<{ answer: string; answered: boolean; sources: AssistantSource[] }> {
    // Asked what no page of the site answers: declined before any passage can seem to.
    if (outOfScope(question)) return { answer: assistantReplies.unknown, answered: false, sources: [] };
    const { read, passages } = await search.passages(question, CANDIDATES);
    // A question that also tries to instruct the assistant is declined whole, and no model is asked (decision 094).
    if (read.instructed) return { answer: assistantReplies.unknown, answered: false, sources: [] };
    // Which jobs are open is a fact of the careers area, listed whole, not a passage of one opening.
    if (asksForOpenings(read.concepts)) return { ...openingsAnswer(await deps.openJobs()), answered: true };
    const extracted = extractiveAnswer(question, passages, read);
    // Not sure from retrieval: declined, and no model is asked.
    if (!extracted) return { answer: assistantReplies.unknown, answered: false, sources: [] };
    const worded = deps.word ? await deps.word(question, passages.slice(0, WORDED_PASSAGES)) : null;
    if (worded) return { answer: worded.answer, answered: true, sources: sourcesOf(worded.cited) };
    return { ...extracted, answered: true };
  }

  async function turnsOf(conversationId: string): Promise<AssistantTurn[]> {
    const rows = await db.select().from(assistantTurns).where(eq(assistantTurns.conversationId, conversationId)).orderBy(asc(assistantTurns.position));
    return rows.map((row) => ({
      question: row.question,
      answer: row.answer,
      answered: row.answered,
      sources: row.sources,
      askedAt: row.askedAt.toISOString(),
    }));
  }

  const summaryColumns = {
    id: assistantConversations.id,
    startedAt: assistantConversations.startedAt,
    lastAt: assistantConversations.lastAt,
    questions: assistantConversations.questions,
    unanswered: assistantConversations.unanswered,
    enquiryId: assistantConversations.enquiryId,
    firstQuestion: sql<string>`coalesce((select ${assistantTurns.question} from ${assistantTurns} where ${assistantTurns.conversationId} = ${assistantConversations.id} and ${assistantTurns.position} = 0), '')`,
  };
  const summaryOf = (row: {
    id: string;
    startedAt: Date;
    lastAt: Date;
    questions: number;
    unanswered: number;
    enquiryId: number | null;
    firstQuestion: string;
  }): AssistantConversationSummary => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
  });

  return {
    /** Answers a question from the site's own content and keeps the turn; a question with no good match gets an honest "I don't know". */
    async ask(request: AssistantRequest, visitor: { userAgent: string }): Promise<AssistantResponse> {
      const reply = await answer(request.question);
      const at = now();
      const conversation = await db.transaction(async (tx) => {
        const [continued] = request.conversation
          ? await tx
              .update(assistantConversations)
              .set({
                lastAt: at,
                questions: sql`${assistantConversations.questions} + 1`,
                unanswered: sql`${assistantConversations.unanswered} + ${reply.answered ? 0 : 1}`,
              })
              .where(and(eq(assistantConversations.id, request.conversation), sql`${assistantConversations.questions} < ${CONVERSATION_QUESTIONS_MAX}`))
              .returning({ id: assistantConversations.id, position: sql<number>`${assistantConversations.questions} - 1` })
          : [];
        if (!continued && request.conversation) {
          const [exists] = await tx
            .select({ id: assistantConversations.id })
            .from(assistantConversations)
            .where(eq(assistantConversations.id, request.conversation));
          if (exists) throw new HttpError(409, assistantReplies.tooLong(CONVERSATION_QUESTIONS_MAX), undefined, "conversation_full");
        }
        // A conversation that is unknown (or none) starts afresh.
        const current =
          continued ??
          (
            await tx
              .insert(assistantConversations)
              .values({ startedAt: at, lastAt: at, questions: 1, unanswered: reply.answered ? 0 : 1, device: deviceOf(visitor.userAgent) })
              .returning({ id: assistantConversations.id, position: sql<number>`0` })
          )[0]!;
        await tx.insert(assistantTurns).values({
          conversationId: current.id,
          position: Number(current.position),
          question: request.question,
          answer: reply.answer,
          sources: reply.sources,
          answered: reply.answered,
          askedAt: at,
        });
        return current.id;
      });
      return { ...reply, conversation };
    },

    /** The visitor asks for a person: the transcript becomes an enquiry in the inbox, acknowledged by mail as any form is. */
    async handoff(input: AssistantHandoff, sender: Sender): Promise<{ message: string }> {
      const [conversation] = await db.select().from(assistantConversations).where(eq(assistantConversations.id, input.conversation));
      if (!conversation) throw new HttpError(404, assistantReplies.notFound, undefined, "conversation_not_found");
      if (conversation.enquiryId !== null) throw new HttpError(409, assistantReplies.alreadyHandedOff, undefined, "already_handed_off");
      const transcript = transcriptOf(await turnsOf(conversation.id));
      const enquiry = await deps.enquiries.submitAssistantHandoff({ name: input.name, email: input.email, transcript }, sender);
      await db.update(assistantConversations).set({ enquiryId: enquiry.id }).where(eq(assistantConversations.id, conversation.id));
      return { message: assistantReplies.handoffThanks };
    },

    /** A conversation's turns, oldest first (the contact page draws them without JavaScript). */
    turns: turnsOf,

    /** Conversations for staff, the latest first; with `unansweredOnly`, those with a question the site could not answer. */
    async conversations(query: { page: number; unansweredOnly?: boolean }): Promise<Page<AssistantConversationSummary>> {
      const where = query.unansweredOnly ? gt(assistantConversations.unanswered, 0) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(assistantConversations)
          .where(where)
          .orderBy(desc(assistantConversations.lastAt), assistantConversations.id)
          .limit(CONVERSATIONS_PER_PAGE)
          .offset((query.page - 1) * CONVERSATIONS_PER_PAGE),
        db.select({ total: count() }).from(assistantConversations).where(where),
      ]);
      const total = counted?.total ?? 0;
      return { results: rows.map(summaryOf), count: total, page: query.page, pages: Math.max(1, Math.ceil(total / CONVERSATIONS_PER_PAGE)) };
    },

    async conversation(id: string): Promise<{ summary: AssistantConversationSummary; turns: AssistantTurn[] } | null> {
      const [row] = await db.select(summaryColumns).from(assistantConversations).where(eq(assistantConversations.id, id));
      return row ? { summary: summaryOf(row), turns: await turnsOf(id) } : null;
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
