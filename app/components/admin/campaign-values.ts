import { CAMPAIGN_DEFAULT_CONCURRENCY, type CampaignDetail } from "#contracts/campaigns.ts";
import { textField } from "#app/lib/form-fields.ts";
import type { AdminNotice } from "./useAdminAction";

/** The campaign form's boxes as typed (numbers too: a refused "abc" comes back as it was). */
export interface CampaignFormValues {
  subject: string;
  preheader: string;
  body: string;
  rate_per_minute: string;
  concurrency: string;
}
export type CampaignFieldName = keyof CampaignFormValues;

/** A refused form, given back as typed with the API's refusals beside their boxes. */
export interface CampaignFormRefusal {
  values: CampaignFormValues;
  errors: Partial<Record<CampaignFieldName, string>>;
  notice: AdminNotice;
}

export const emptyCampaignValues: CampaignFormValues = {
  subject: "",
  preheader: "",
  body: "",
  rate_per_minute: "",
  concurrency: String(CAMPAIGN_DEFAULT_CONCURRENCY),
};

export const campaignValuesOf = (campaign: CampaignDetail): CampaignFormValues => ({
  subject: campaign.subject,
  preheader: campaign.preheader,
  body: campaign.body,
  rate_per_minute: campaign.rate_per_minute === null ? "" : String(campaign.rate_per_minute),
  concurrency: String(campaign.concurrency),
});

export const campaignValuesPosted = (form: FormData): CampaignFormValues =>
  Object.fromEntries(Object.keys(emptyCampaignValues).map((name) => [name, textField(form, name)])) as unknown as CampaignFormValues;

/** The first of the API's refusals for each field. */
export const firstErrors = (errors: Record<string, string[]> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([path, messages]) => [path.split(".")[0], messages[0] ?? ""]));

/** A count as a share of the mails sent, or a dash before any is sent. */
export const percentOf = (count: number, sent: number) => (sent > 0 ? `${Math.round((count / sent) * 1000) / 10}%` : "—");
