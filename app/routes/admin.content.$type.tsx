import { ArrowLeft, ExternalLink } from "lucide-react";
import { useState, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CONTENT_FORMS, PREVIEW_PARAMETER, isSiteContentType, type SiteContentType } from "#contracts/site-content-forms.ts";
import { photoIdsIn } from "#contracts/site-content.ts";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { ContentFields, contentFieldId } from "#app/components/admin/ContentFields.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { contentCopy as copy } from "#app/content/admin-content.ts";
import { contentEditorAction } from "#app/lib/content-editor.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { kathmanduInstant } from "#contracts/kathmandu-time.ts";
import { kathmanduLocalInput, kathmanduTime } from "#app/lib/dates.ts";
import type { Route } from "./+types/admin.content.$type";

export const meta = ({ loaderData }: Route.MetaArgs) => adminPageMeta(loaderData ? copy.editorHeading(loaderData.state.label) : copy.notFound);

function contentType(params: Route.LoaderArgs["params"]): SiteContentType {
  const type = isSiteContentType(params.type) ? params.type : undefined;
  if (!type) throw data(copy.notFound, { status: 404 });
  return type;
}

/** The address parameter that opens the preview, and the widths it shows the page at. */
const VIEW_PARAMETER = "view";
const PREVIEW_WIDTHS = { phone: 390, laptop: 1280 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "content");
  const type = contentType(params);
  const view = new URL(request.url).searchParams.get(VIEW_PARAMETER);
  const preview = view === "phone" || view === "laptop" ? (view as PreviewWidth) : null;
  const state = await context.services.siteContent.editor(type);
  return { state, photos: await context.services.media.sources(photoIdsIn(state.value)), now: context.services.now().toISOString(), preview };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdminPage(request, context, "content");
  return contentEditorAction(request, context, contentType(params));
}

const card = "rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 sm:p-6";

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-ink-700">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A Kathmandu time as the editor's own clock shows it, once the browser has said which zone that is. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function InYourZone({ at }: { at: string | null }) {
  const zone = useBrowserValue(browserZone, undefined);
  if (!zone || !at) return null;
  const local = new Date(at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return <span className="block text-sm text-ink-700">{`That is ${local} in your time zone (${zone}).`}</span>;
}

/** The schedule box, which tells the editor what the chosen Kathmandu time is where they are. */
function PublishAt({ initial, error }: { initial: string; error?: string }) {
  const [typed, setTyped] = useState(initial);
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(typed) ? kathmanduInstant(typed).toISOString() : null;
  return (
    <div className="w-full sm:w-auto">
      <Field
        id="content-at"
        type="datetime-local"
        label={copy.publishAt}
        name="at"
        defaultValue={initial}
        onChange={(event) => setTyped(event.currentTarget.value)}
        error={error}
        hint={
          <>
            {copy.publishAtHint}
            <InYourZone at={at} />
          </>
        }
      />
    </div>
  );
}

function ErrorSummary({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {Object.entries(errors).map(([path, messages]) => (
        <li key={path}>
          <a href={`#${path === "at" ? "content-at" : contentFieldId(path)}`} className="font-medium underline">
            {messages[0]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export default function ContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  const form = CONTENT_FORMS[state.type];
  const busy = useNavigation().state === "submitting";
  // The form as the last answer gave it back, kept when a later navigation (an error link's jump) clears the answer.
  const [answered, setAnswered] = useState({ data: actionData, draft: actionData?.draft, drawn: 0 });
  if (actionData && actionData !== answered.data) setAnswered({ data: actionData, draft: actionData.draft, drawn: answered.drawn + 1 });
  const value = (answered.draft ?? state.value) as Record<string, unknown>;
  const errors = answered.data?.errors ?? {};
  const scheduled = state.scheduledAt;
  // Drawn afresh for each answer and each saved revision: the controls take the values they hold.
  const formKey = `${state.version}:${answered.drawn}`;
  const previewAddress = `${form.page}?${PREVIEW_PARAMETER}=draft`;

  return (
    <AdminShell
      title={copy.editorHeading(state.label)}
      actions={
        <Link to="/admin/content" className="inline-flex items-center gap-2 text-sm font-semibold text-indigo-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {copy.back}
        </Link>
      }
    >
      <ActionNotice notice={answered.data?.notice}>
        {answered.data?.notice.text}
        {Object.keys(errors).length > 0 && <ErrorSummary errors={errors} />}
      </ActionNotice>
      <p className="mb-2 text-ink-700">{state.description}</p>
      <p className="mb-6 text-sm text-ink-700">
        {copy.status(state.publishedRevision, state.newestRevision)}{" "}
        <a href={form.page} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-semibold text-indigo-700 hover:underline">
          {copy.viewPage}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </p>
      <div className="space-y-6">
        <Form method="post" encType="multipart/form-data" key={formKey} noValidate className="space-y-6">
          <input type="hidden" name="version" value={state.version} />
          <Panel id="fields-heading" title={state.label}>
            <ContentFields fields={form.fields} value={value} errors={errors} photos={{ ...loaderData.photos, ...answered.data?.photos }} />
          </Panel>
          <Panel id="publish-heading" title={copy.publishHeading}>
            {scheduled && (
              <p className="mb-4 font-semibold text-ink-900">
                {copy.scheduledFor(state.newestRevision, kathmanduTime(scheduled))}
                <InYourZone at={scheduled} />
              </p>
            )}
            <div className="flex flex-wrap items-end gap-3">
              <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
                {copy.save}
              </Button>
              <Button type="submit" name="intent" value="publish" disabled={busy}>
                {copy.publishNow}
              </Button>
            </div>
            <div className="mt-6 flex flex-wrap items-end gap-3">
              <PublishAt initial={scheduled ? kathmanduLocalInput(scheduled) : kathmanduLocalInput(loaderData.now)} error={errors.at?.[0]} />
              <Button type="submit" name="intent" value="schedule" variant="secondary" disabled={busy}>
                {copy.schedule}
              </Button>
              {scheduled && (
                <Button type="submit" name="intent" value="unschedule" variant="ghost" disabled={busy}>
                  {copy.unschedule}
                </Button>
              )}
            </div>
          </Panel>
        </Form>

        <Panel id="preview-heading" title={copy.previewHeading} intro={copy.previewIntro}>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((width) => (
              <Link
                key={width}
                to={`?${VIEW_PARAMETER}=${width}#preview-heading`}
                preventScrollReset
                aria-current={loaderData.preview === width ? "true" : undefined}
                className="font-semibold text-indigo-700 hover:underline aria-[current=true]:text-ink-900 aria-[current=true]:no-underline"
              >
                {copy.previewAt[width]}
              </Link>
            ))}
            <a href={previewAddress} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-semibold text-indigo-700 hover:underline">
              {copy.previewTab}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </div>
          {loaderData.preview && (
            // The page at its real width; a laptop's is drawn at half size, 1280 pixels in 640.
            <div
              role="region"
              aria-label={copy.previewFrame(state.label, PREVIEW_WIDTHS[loaderData.preview])}
              tabIndex={0}
              className={`mt-5 max-w-full overflow-auto rounded-xl ring-1 ring-ink-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none ${loaderData.preview === "laptop" ? "h-[400px] w-[640px]" : "h-[720px] w-[390px]"}`}
            >
              <iframe
                key={`${loaderData.preview}-${state.newestRevision}`}
                title={copy.previewFrame(state.label, PREVIEW_WIDTHS[loaderData.preview])}
                src={previewAddress}
                width={PREVIEW_WIDTHS[loaderData.preview]}
                height={loaderData.preview === "laptop" ? 800 : 720}
                className={`bg-white ${loaderData.preview === "laptop" ? "origin-top-left scale-50" : ""}`}
              />
            </div>
          )}
        </Panel>

        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="mb-4 text-lg font-bold text-ink-900">
            {copy.historyHeading}
          </h2>
          <AdminTable caption={copy.historyCaption(state.label)} headings={copy.historyHeadings}>
            {state.revisions.map((revision) => {
              const stateOf =
                revision.number === state.publishedRevision
                  ? { status: "sent", label: copy.live }
                  : revision.number === state.newestRevision && scheduled
                    ? { status: "scheduled", label: copy.scheduled }
                    : revision.number > state.publishedRevision
                      ? { status: "draft", label: copy.draft }
                      : { status: "closed", label: copy.earlier };
              return (
                <tr key={revision.number}>
                  <td className={cellClass}>
                    {copy.revisionNumber(revision.number)}
                    {revision.note && <span className="block text-xs text-ink-700">{revision.note}</span>}
                  </td>
                  <td className={cellClass}>{revision.author}</td>
                  <td className={cellClass}>{formatAdminDate(revision.createdAt)}</td>
                  <td className={cellClass}>
                    <StatusBadge status={stateOf.status} label={stateOf.label} />
                  </td>
                  <td className={cellClass}>
                    <Link to={`/admin/content/${state.type}/revisions/${revision.number}`} className="font-semibold text-indigo-700 hover:underline">
                      {copy.showChanges(revision.number)}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </section>
      </div>
    </AdminShell>
  );
}
