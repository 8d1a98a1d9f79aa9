import { asc, inArray } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "../privacy/handler";
import { enquiries, enquiryMessages, newsletterSubscriptions } from "./schema";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Enquiries with their whole conversations, and newsletter subscriptions. */
export const enquiriesPersonalData: PersonalDataHandler = {
  area: "enquiries",
  tables: [enquiries, enquiryMessages, newsletterSubscriptions],

  async identify(executor, email) {
    const [threads, subscriptions] = await Promise.all([
      executor.select({ id: enquiries.id }).from(enquiries).where(sameEmail(enquiries.email, email)),
      executor.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(sameEmail(newsletterSubscriptions.email, email)),
    ]);
    return { enquiries: threads.map((row) => row.id), subscriptions: subscriptions.map((row) => row.id) };
  },

  async export(executor, subject) {
    const threadIds = (subject.keys.enquiries ?? []) as number[];
    const subscriptionIds = (subject.keys.subscriptions ?? []) as number[];
    if (threadIds.length === 0 && subscriptionIds.length === 0) return undefined;
    const [threads, messages, subscriptions] = await Promise.all([
      threadIds.length ? executor.select().from(enquiries).where(inArray(enquiries.id, threadIds)).orderBy(asc(enquiries.id)) : [],
      threadIds.length ? executor.select().from(enquiryMessages).where(inArray(enquiryMessages.enquiryId, threadIds)).orderBy(asc(enquiryMessages.id)) : [],
      subscriptionIds.length ? executor.select().from(newsletterSubscriptions).where(inArray(newsletterSubscriptions.id, subscriptionIds)) : [],
    ]);
    return {
      records: {
        enquiries: threads.map((thread) => ({
          id: thread.id,
          form: thread.type,
          sent_at: iso(thread.createdAt),
          name: thread.name,
          email: thread.email,
          company: thread.company,
          subject: thread.subject,
          message: thread.message,
          details: { user_type: thread.userType, help_type: thread.helpType, budget: thread.budget, timeline: thread.timeline },
          from_page: thread.sourcePage,
          browser: thread.userAgent,
          status: thread.status,
          conversation: messages
            .filter((message) => message.enquiryId === thread.id)
            .map((message) => ({ kind: message.kind, by: message.authorName, via: message.channel, at: iso(message.createdAt), text: message.body })),
        })),
        newsletter: subscriptions.map((subscription) => ({
          email: subscription.email,
          status: subscription.status,
          subscribed_at: iso(subscription.createdAt),
          confirmed_at: iso(subscription.confirmedAt),
          unsubscribed_at: iso(subscription.unsubscribedAt),
          bounced_at: iso(subscription.bouncedAt),
          browser: subscription.userAgent,
        })),
      },
    };
  },

  async erase(executor, subject) {
    const threadIds = (subject.keys.enquiries ?? []) as number[];
    const subscriptionIds = (subject.keys.subscriptions ?? []) as number[];
    // A conversation's messages go with it (on delete cascade).
    const threads = threadIds.length ? await executor.delete(enquiries).where(inArray(enquiries.id, threadIds)).returning({ id: enquiries.id }) : [];
    const subscriptions = subscriptionIds.length
      ? await executor.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.id, subscriptionIds)).returning({ id: newsletterSubscriptions.id })
      : [];
    return threads.length + subscriptions.length;
  },
};
