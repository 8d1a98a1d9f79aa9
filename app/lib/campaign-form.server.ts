import type { AppLoadContext } from "react-router";
import type { CampaignDetail } from "#contracts/campaigns.ts";
import { campaignValuesPosted, firstErrors, type CampaignFormRefusal } from "#app/components/admin/campaign-values.ts";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { failureStatus } from "./form-action.server";

/** What an /api route refused: its message, and its reasons by field. */
export function refusalOf(body: unknown, fallback: string): { notice: AdminNotice; errors: Record<string, string> } {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
  return { notice: { tone: "error", text: typeof message === "string" ? message : fallback }, errors: firstErrors(errors) };
}

/** The campaign's own page, where a new campaign goes once created. */
export const campaignPage = (campaign: CampaignDetail) => `/admin/campaigns/${campaign.id}`;

/**
 * The campaign form posted to its page (decision 029), sent to the API route the screen's script would
 * call: a new campaign (then its page), or the draft's PATCH (`editing`). A refusal comes back with
 * what was typed, for the page to give back to the form.
 */
export async function postCampaignForm(
  context: AppLoadContext,
  posted: FormData,
  fallback: string,
  editing?: number,
): Promise<{ saved: CampaignDetail } | { refused: CampaignFormRefusal; status: number }> {
  const values = campaignValuesPosted(posted);
  const answer = editing
    ? await context.api(`admin/campaigns/${editing}/`, { ...values }, { method: "PATCH" })
    : await context.api("admin/campaigns/", { ...values });
  if (answer.status < 400) return { saved: answer.body as CampaignDetail };
  const refused: CampaignFormRefusal = { values, ...refusalOf(answer.body, fallback) };
  return { refused, status: failureStatus(answer.status) };
}
