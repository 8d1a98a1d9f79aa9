import { and, asc, eq, inArray } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "../privacy/handler";
import { campaignClicks, campaignRecipients, campaigns } from "./schema";

/**
 * The newsletters a person was sent and what they opened and clicked. Erasing keeps each campaign's
 * counts true: the recipient row loses its address, and the clicks, keyed only by a subscription that
 * no longer exists, name nobody.
 */
export const campaignsPersonalData: PersonalDataHandler = {
  area: "newsletters",
  tables: [campaignRecipients, campaignClicks],

  async export(executor, subject) {
    const received = await executor
      .select({ subject: campaigns.subject, recipient: campaignRecipients })
      .from(campaignRecipients)
      .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
      .where(sameEmail(campaignRecipients.email, subject.email))
      .orderBy(asc(campaignRecipients.campaignId));
    if (received.length === 0) return undefined;
    const clicks = await executor
      .select()
      .from(campaignClicks)
      .where(
        and(
          inArray(
            campaignClicks.campaignId,
            received.map((row) => row.recipient.campaignId),
          ),
          inArray(campaignClicks.subscriptionId, [...new Set(received.map((row) => row.recipient.subscriptionId))]),
        ),
      );
    return {
      records: received.map(({ subject: title, recipient }) => ({
        newsletter: title,
        email: recipient.email,
        status: recipient.status,
        sent_at: recipient.sentAt?.toISOString() ?? null,
        opened_at: recipient.openedAt?.toISOString() ?? null,
        clicked_at: recipient.clickedAt?.toISOString() ?? null,
        unsubscribed_at: recipient.unsubscribedAt?.toISOString() ?? null,
        links_clicked: clicks
          .filter((click) => click.campaignId === recipient.campaignId && click.subscriptionId === recipient.subscriptionId)
          .map((click) => ({ link: click.link, clicks: click.clicks })),
      })),
    };
  },

  async erase(executor, subject) {
    // A send under way skips them: the mail not yet gone is marked skipped, as for an unsubscribe.
    await executor
      .update(campaignRecipients)
      .set({ status: "skipped" })
      .where(and(sameEmail(campaignRecipients.email, subject.email), eq(campaignRecipients.status, "queued")));
    const anonymised = await executor
      .update(campaignRecipients)
      .set({ email: "", lastError: null })
      .where(sameEmail(campaignRecipients.email, subject.email))
      .returning({ id: campaignRecipients.campaignId });
    return anonymised.length;
  },
};
