import { Form, useNavigation } from "react-router";
import { CAMPAIGN_BODY_MAX, CAMPAIGN_CONCURRENCY_MAX, CAMPAIGN_PREHEADER_MAX, CAMPAIGN_RATE_MAX, CAMPAIGN_SUBJECT_MAX } from "#contracts/campaigns.ts";
import { campaignFormCopy as copy } from "#app/content/admin-campaigns.ts";
import { ActionNotice } from "./ActionNotice";
import type { CampaignFormRefusal, CampaignFormValues } from "./campaign-values";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";

/**
 * A campaign's words and sending speed, for a new campaign and for a draft. Posted to its page with or
 * without the script (decision 029); a refusal comes back with what was typed and the reasons beside
 * the boxes. `intent` tells the page's action which form it is.
 */
export function CampaignForm({
  intent,
  values,
  refused,
  submit,
}: {
  intent: string;
  values: CampaignFormValues;
  refused?: CampaignFormRefusal;
  submit: string;
}) {
  const busy = useNavigation().state === "submitting";
  const shown = refused?.values ?? values;
  const error = (field: keyof CampaignFormValues) => refused?.errors[field];
  return (
    <Form method="post" className="space-y-5">
      <ActionNotice notice={refused?.notice}>{refused?.notice.text}</ActionNotice>
      <input type="hidden" name="intent" value={intent} />
      <Field label={copy.subject} name="subject" required maxLength={CAMPAIGN_SUBJECT_MAX} defaultValue={shown.subject} error={error("subject")} />
      <Field
        label={copy.preheader}
        name="preheader"
        hint={copy.preheaderHint}
        maxLength={CAMPAIGN_PREHEADER_MAX}
        defaultValue={shown.preheader}
        error={error("preheader")}
      />
      <Field
        as="textarea"
        label={copy.body}
        name="body"
        hint={copy.bodyHint}
        required
        rows={12}
        maxLength={CAMPAIGN_BODY_MAX}
        defaultValue={shown.body}
        error={error("body")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          type="number"
          label={copy.rate}
          name="rate_per_minute"
          hint={copy.rateHint}
          min={1}
          max={CAMPAIGN_RATE_MAX}
          step={1}
          defaultValue={shown.rate_per_minute}
          error={error("rate_per_minute")}
        />
        <Field
          type="number"
          label={copy.concurrency}
          name="concurrency"
          hint={copy.concurrencyHint}
          min={1}
          max={CAMPAIGN_CONCURRENCY_MAX}
          step={1}
          defaultValue={shown.concurrency}
          error={error("concurrency")}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}
