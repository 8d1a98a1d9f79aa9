import { asc, inArray } from "drizzle-orm";
import type { PersonalDataHandler } from "../privacy/handler";
import { assistantConversations, assistantTurns } from "./schema";

/**
 * A conversation with the assistant is anonymous until the visitor asks for a person: then it is tied
 * to the enquiry that carries its transcript, and so to them.
 */
export const assistantPersonalData: PersonalDataHandler = {
  area: "assistant",
  tables: [assistantConversations, assistantTurns],

  async export(executor, subject) {
    const enquiryIds = (subject.keys.enquiries ?? []) as number[];
    if (enquiryIds.length === 0) return undefined;
    const conversations = await executor.select().from(assistantConversations).where(inArray(assistantConversations.enquiryId, enquiryIds));
    if (conversations.length === 0) return undefined;
    const turns = await executor
      .select()
      .from(assistantTurns)
      .where(
        inArray(
          assistantTurns.conversationId,
          conversations.map((conversation) => conversation.id),
        ),
      )
      .orderBy(asc(assistantTurns.position));
    return {
      records: conversations.map((conversation) => ({
        started_at: conversation.startedAt.toISOString(),
        device: conversation.device,
        enquiry: conversation.enquiryId,
        questions: turns
          .filter((turn) => turn.conversationId === conversation.id)
          .map((turn) => ({ at: turn.askedAt.toISOString(), question: turn.question, answer: turn.answer })),
      })),
    };
  },

  async erase(executor, subject) {
    const enquiryIds = (subject.keys.enquiries ?? []) as number[];
    if (enquiryIds.length === 0) return 0;
    // Turns go with their conversation (on delete cascade).
    const gone = await executor
      .delete(assistantConversations)
      .where(inArray(assistantConversations.enquiryId, enquiryIds))
      .returning({ id: assistantConversations.id });
    return gone.length;
  },
};
