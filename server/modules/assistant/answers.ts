import { desc, sql, type SQL } from "drizzle-orm";
import type { Page } from "#contracts/admin-business.ts";
import type { AssistantAnswer, AssistantAnswerInput, UnansweredQuestion } from "#contracts/assistant.ts";
import type { ContentEvents } from "../../content-events";
import { queryRows, type Database } from "../../db/client";
import { recordAudit, type AuditActor } from "../audit/service";
import { assistantAnswers, assistantConversations, assistantTurns } from "./schema";

const QUESTIONS_PER_PAGE = 50;

/** A question as staff compare it: lower case, its spaces collapsed, without the mark that ends it. */
const normal = (column: SQL) => sql`lower(regexp_replace(regexp_replace(trim(${column}), '\\s+', ' ', 'g'), '[?!. ]+$', ''))`;

/**
 * Answers staff write for what visitors asked and the site could not answer. Each is published on the FAQ
 * page and in the search index as one change of the `faq` content area, so every instance shows and finds
 * it as soon as it is saved.
 */
export function createAssistantAnswers(deps: { db: Database; now: () => Date; contentEvents: ContentEvents }) {
  const { db, now, contentEvents } = deps;
  const answerOf = (row: typeof assistantAnswers.$inferSelect): AssistantAnswer => ({
    id: row.id,
    question: row.question,
    answer: row.answer,
    writtenBy: row.writtenBy,
    writtenAt: row.writtenAt.toISOString(),
  });

  return {
    /** Every answer staff wrote, the newest first. */
    async list(): Promise<AssistantAnswer[]> {
      return (await db.select().from(assistantAnswers).orderBy(desc(assistantAnswers.writtenAt), desc(assistantAnswers.id))).map(answerOf);
    },

    async add(input: AssistantAnswerInput, actor: AuditActor): Promise<AssistantAnswer> {
      const at = now();
      const [row] = await contentEvents.write("faq", async (tx) => {
        const rows = await tx
          .insert(assistantAnswers)
          .values({ question: input.question, answer: input.answer, writtenBy: actor.username, writtenAt: at, updatedAt: at })
          .returning();
        await recordAudit(tx, actor, "faq.answer_added", `answer:${rows[0]!.id}`, { question: input.question });
        return rows;
      });
      return answerOf(row!);
    },

    /**
     * The questions the assistant declined, alike ones together, the most recently asked first: how often
     * each was asked, how often its visitor then asked for a person, and whether staff have answered it since.
     */
    async unanswered(query: { page: number }): Promise<Page<UnansweredQuestion>> {
      const grouped = sql`
        select ${normal(sql`${assistantTurns.question}`)} as question, count(*)::int as asked,
          count(*) filter (where ${assistantConversations.enquiryId} is not null)::int as handed_off, max(${assistantTurns.askedAt}) as last_at
        from ${assistantTurns} join ${assistantConversations} on ${assistantConversations.id} = ${assistantTurns.conversationId}
        where not ${assistantTurns.answered}
        group by 1`;
      const [rows, [counted]] = await Promise.all([
        queryRows<{ question: string; asked: number; handed_off: number; last_at: Date | string; answered: boolean }>(
          db,
          sql`select grouped.*, exists (
                select 1 from ${assistantAnswers} where ${normal(sql`${assistantAnswers.question}`)} = grouped.question
              ) as answered
            from (${grouped}) grouped order by last_at desc, question
            limit ${QUESTIONS_PER_PAGE} offset ${(query.page - 1) * QUESTIONS_PER_PAGE}`,
        ),
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${grouped}) grouped`),
      ]);
      const total = Number(counted?.total ?? 0);
      return {
        results: rows.map((row) => ({
          question: row.question,
          asked: Number(row.asked),
          handedOff: Number(row.handed_off),
          lastAt: new Date(row.last_at).toISOString(),
          answered: Boolean(row.answered),
        })),
        count: total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / QUESTIONS_PER_PAGE)),
      };
    },

    /** For the search index: each answer with a version that changes when it does. */
    async searchVersions(): Promise<{ id: number; version: string }[]> {
      return (await db.select({ id: assistantAnswers.id, updatedAt: assistantAnswers.updatedAt }).from(assistantAnswers)).map((row) => ({
        id: row.id,
        version: row.updatedAt.toISOString(),
      }));
    },

    async searchAnswers(ids: number[]): Promise<{ id: number; question: string; answer: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: assistantAnswers.id, question: assistantAnswers.question, answer: assistantAnswers.answer })
        .from(assistantAnswers)
        .where(sql`${assistantAnswers.id} = any(${sql.param(ids)}::int[])`);
    },
  };
}

export type AssistantAnswers = ReturnType<typeof createAssistantAnswers>;
