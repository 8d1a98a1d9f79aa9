import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CampaignIdParams, type CampaignDetail, type CampaignStats } from "#contracts/campaigns.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { CampaignForm } from "#app/components/admin/CampaignForm.tsx";
import { campaignValuesOf, percentOf, type CampaignFormRefusal } from "#app/components/admin/campaign-values.ts";
import { kathmanduLocalInput, kathmanduTime } from "#app/lib/dates.ts";
import { ConfirmPanel } from "#app/components/admin/ConfirmPanel.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { useCampaignProgress } from "#app/components/admin/use-campaign-progress.ts";
import { useConfirmLink } from "#app/components/admin/use-confirm-link.ts";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { campaignCopy as copy, campaignStatusLabels } from "#app/content/admin-campaigns.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { postCampaignForm, refusalOf } from "#app/lib/campaign-form.server.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.campaigns.$id";

export const meta = ({ loaderData }: Route.MetaArgs) => adminPageMeta(loaderData ? copy.pageTitle(loaderData.campaign.subject) : copy.notFound);

/** The address parameter that opens the "send now" confirmation. */
const SEND_PARAM = "send";

async function campaignId(request: Request, context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  await requireAdminPage(request, context, "campaigns");
  const id = CampaignIdParams.safeParse(params);
  if (!id.success) throw data(copy.notFound, { status: 404 });
  return id.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = await campaignId(request, context, params);
  const campaign = await context.services.campaigns.get(id).catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode === 404 ? data(copy.notFound, { status: 404 }) : error;
  });
  // Sending now is asked of a draft or of a campaign scheduled for later; one sent now is due already (its
  // page, answered at the address the confirmation was asked from, shows no confirmation again).
  const later = campaign.scheduled_at !== null && Date.parse(campaign.scheduled_at) > context.services.now().getTime();
  const confirming = new URL(request.url).searchParams.has(SEND_PARAM) && (campaign.status === "draft" || (campaign.status === "scheduled" && later));
  return { campaign, confirming };
}

/** What the buttons of the sending controls ask of the campaign, and what the screen says once done. */
const STATE_ACTIONS: Record<string, string> = { send: copy.sendStarted, unschedule: copy.unscheduled, pause: copy.paused, resume: copy.resumed };

type ActionResult = { intent: string; notice: AdminNotice; refused?: CampaignFormRefusal; sendAt?: string; sendAtError?: string };

/**
 * Every change on this screen is a form posted here, with or without the script (decision 029), made
 * through the campaign's API route, which checks the campaign's state and audits it. What was typed
 * into a refused form comes back to it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = await campaignId(request, context, params);
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  if (intent === "save") {
    const answer = await postCampaignForm(context, posted, copy.notDone, id);
    if ("saved" in answer) return data<ActionResult>({ intent, notice: { tone: "success", text: copy.saved } });
    return data<ActionResult>({ intent, notice: answer.refused.notice, refused: answer.refused }, { status: answer.status });
  }
  if (intent === "test") {
    const { notice, status } = await sendAdminForm(context, `admin/campaigns/${id}/test/`, {});
    return data<ActionResult>({ intent, notice }, { status });
  }
  if (intent === "schedule") {
    const sendAt = textField(posted, "send_at");
    const answer = await context.api(`admin/campaigns/${id}/schedule/`, { send_at: sendAt });
    if (answer.status < 400) {
      const scheduled = (answer.body as CampaignDetail).scheduled_at;
      return data<ActionResult>({ intent, notice: { tone: "success", text: copy.scheduled(scheduled ? kathmanduTime(scheduled) : sendAt) } });
    }
    const { notice, errors } = refusalOf(answer.body, copy.notDone);
    return data<ActionResult>({ intent, notice, sendAt, sendAtError: errors.send_at }, { status: failureStatus(answer.status) });
  }
  const done = Object.hasOwn(STATE_ACTIONS, intent) ? STATE_ACTIONS[intent] : undefined;
  if (!done) return data<ActionResult>({ intent, notice: { tone: "error", text: copy.unknownAction } }, { status: 400 });
  const { notice, status } = await sendAdminForm(context, `admin/campaigns/${id}/action/`, { action: intent }, () => done);
  return data<ActionResult>({ intent, notice }, { status });
}

const sectionClass = "rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8";

function Section({ id, heading, intro, children, className = "" }: { id: string; heading: string; intro?: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${sectionClass} ${className}`}>
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      {intro && <p className="mt-1 text-sm text-ink-700">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A button that asks one thing of the campaign: its own small form, so it works without the script. */
function IntentButton({ intent, children, variant }: { intent: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

/** The confirmation of "send now", reached by a link so it works without the script. */
function SendNowPanel({ campaign }: { campaign: CampaignDetail }) {
  const busy = useNavigation().state === "submitting";
  const sendLink = useConfirmLink(SEND_PARAM);
  return (
    <ConfirmPanel id="send-now-heading" heading={copy.sendNowHeading} opened={campaign.id}>
      <p className="mt-2 text-red-950">{copy.sendNowEffects(campaign.subject)}</p>
      {/* Posted to the page's own address, so the answer shows the page without this panel. */}
      <Form method="post" action={sendLink(undefined)} className="mt-5 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="send" />
        <Button type="submit" disabled={busy}>
          {copy.sendNowConfirm}
        </Button>
        <ButtonLink to={sendLink(undefined)} variant="secondary">
          {copy.keepDraft}
        </ButtonLink>
      </Form>
    </ConfirmPanel>
  );
}

/** Scheduling, sending now, taking off the schedule, pausing and resuming: each offered only when the campaign's state allows it. */
function SendingControls({ campaign, confirming, result }: { campaign: CampaignDetail; confirming: boolean; result?: ActionResult }) {
  const busy = useNavigation().state === "submitting";
  const sendLink = useConfirmLink(SEND_PARAM);
  const { status } = campaign;
  // Every answer but the test's and the draft's, which their own sections show (an unknown action's too).
  const ownResult = result && result.intent !== "test" && result.intent !== "save" ? result : undefined;
  const waiting = status === "draft" || status === "scheduled";
  return (
    <Section id="sending-heading" heading={copy.sendingHeading} intro={waiting ? copy.scheduleIntro : undefined}>
      <ActionNotice notice={ownResult?.sendAtError ? undefined : ownResult?.notice}>{ownResult?.notice.text}</ActionNotice>
      {confirming && <SendNowPanel campaign={campaign} />}
      {waiting && (
        <div className="space-y-5">
          {campaign.scheduled_at && <p className="font-semibold text-ink-900">{copy.scheduled(kathmanduTime(campaign.scheduled_at))}</p>}
          {/* Keyed by the schedule: a new time shows in the box once saved. */}
          <Form method="post" key={campaign.scheduled_at ?? "none"} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="schedule" />
            <Field
              type="datetime-local"
              label={copy.sendAt}
              name="send_at"
              required
              defaultValue={ownResult?.sendAt ?? (campaign.scheduled_at ? kathmanduLocalInput(campaign.scheduled_at) : "")}
              error={ownResult?.sendAtError}
              className="w-full sm:w-auto"
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {campaign.scheduled_at ? copy.reschedule : copy.schedule}
            </Button>
          </Form>
          <div className="flex flex-wrap gap-3">
            {!confirming && <ButtonLink to={sendLink(SEND_PARAM)}>{copy.sendNow}</ButtonLink>}
            {status === "scheduled" && (
              <IntentButton intent="unschedule" variant="secondary">
                {copy.unschedule}
              </IntentButton>
            )}
          </div>
        </div>
      )}
      {status === "sending" && <IntentButton intent="pause">{copy.pause}</IntentButton>}
      {status === "paused" && <IntentButton intent="resume">{copy.resume}</IntentButton>}
      {status === "sent" && <p className="text-ink-800">{copy.sentNote}</p>}
    </Section>
  );
}

const FIGURES = ["recipients", "queued", "sent", "failed", "skipped", "unique_opens", "unique_clicks", "unsubscribes"] as const;
/** The figures given also as a share of the mails sent. */
const SHARES = new Set<string>(["unique_opens", "unique_clicks", "unsubscribes"]);

/** The campaign's figures (`stats`: as they stand, followed every 2 s while it is sending). */
function Figures({ campaign, stats }: { campaign: CampaignDetail; stats: CampaignStats }) {
  return (
    <Section id="figures-heading" heading={copy.figuresHeading} intro={campaign.status === "sending" ? copy.figuresLive : undefined}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-xl bg-surface p-4 ring-1 ring-ink-100">
            <dt className="text-sm font-medium text-ink-700">{copy.figures[figure]}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink-900 tabular-nums" data-figure={figure}>
              {stats[figure]}
            </dd>
            {SHARES.has(figure) && <dd className="text-xs text-ink-700">{copy.ofSent(percentOf(stats[figure], stats.sent))}</dd>}
          </div>
        ))}
      </dl>
      <h3 className="mt-6 font-semibold">{copy.topLinksHeading}</h3>
      {stats.top_links.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{copy.noClicks}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {stats.top_links.map((link) => (
            <li key={link.url} className="flex flex-wrap justify-between gap-x-4 text-sm">
              <span className="break-all text-ink-900">{link.url}</span>
              <span className="text-ink-700 tabular-nums">{copy.linkClicks(link.clicks)}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export default function Campaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, confirming } = loaderData;
  const result = actionData as ActionResult | undefined;
  const started = campaign.status === "sending" || campaign.status === "paused" || campaign.status === "sent";
  const at = (value: string | null) => value && formatAdminDate(value);
  // Read here, not in the figures: a campaign sent now is still "scheduled" until its start job runs.
  const stats = useCampaignProgress(campaign);
  return (
    <AdminShell title={campaign.subject}>
      <Link to="/admin/campaigns" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      <div className="space-y-8">
        <div className={sectionClass}>
          <DetailList
            items={[
              [copy.status, <StatusBadge key="status" status={campaign.status} label={campaignStatusLabels[campaign.status]} />],
              [copy.scheduledFor, campaign.scheduled_at && campaign.status === "scheduled" ? kathmanduTime(campaign.scheduled_at) : null],
              [copy.startedAt, at(campaign.started_at)],
              [copy.finishedAt, at(campaign.finished_at)],
              [copy.sendingSpeed, copy.speedOf(campaign.rate_per_minute, campaign.concurrency)],
              [copy.createdBy, campaign.created_by],
              [copy.lastChange, formatAdminDate(campaign.updated_at)],
            ]}
          />
        </div>

        <SendingControls campaign={campaign} confirming={confirming} result={result} />
        {started && <Figures campaign={campaign} stats={stats} />}

        <Section id="test-heading" heading={copy.testHeading} intro={copy.testIntro}>
          <ActionNotice notice={result?.intent === "test" ? result.notice : undefined}>{result?.notice.text}</ActionNotice>
          <IntentButton intent="test" variant="secondary">
            {copy.sendTest}
          </IntentButton>
        </Section>

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start">
          {campaign.status === "draft" ? (
            <Section id="edit-heading" heading={copy.editHeading}>
              <ActionNotice notice={result?.intent === "save" && !result.refused ? result.notice : undefined}>{result?.notice.text}</ActionNotice>
              {/* Keyed by the last change: a saved draft's boxes show what was saved. */}
              <CampaignForm
                key={campaign.updated_at}
                intent="save"
                values={campaignValuesOf(campaign)}
                refused={result?.intent === "save" ? result.refused : undefined}
                submit={copy.save}
              />
            </Section>
          ) : (
            <Section id="content-heading" heading={copy.contentHeading} intro={copy.lockedNote}>
              <DetailList
                narrow
                items={[
                  [copy.subject, campaign.subject],
                  [copy.preheader, campaign.preheader || copy.none],
                  [
                    copy.body,
                    <pre key="body" className="font-sans text-sm whitespace-pre-wrap wrap-anywhere">
                      {campaign.body}
                    </pre>,
                  ],
                ]}
              />
            </Section>
          )}
          <Section id="preview-heading" heading={copy.previewHeading} intro={copy.previewIntro}>
            <iframe
              srcDoc={campaign.preview_html}
              sandbox=""
              title={copy.previewTitle(campaign.subject)}
              className="h-[40rem] w-full rounded-xl bg-white ring-1 ring-ink-200"
            />
          </Section>
        </div>
      </div>
    </AdminShell>
  );
}
