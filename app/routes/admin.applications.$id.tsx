import { ArrowLeft, Download } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { data, Link } from "react-router";
import {
  APPLICATION_NOTE_MAX,
  APPLICATION_STATUSES,
  ApplicationIdParams,
  type AdminApplicationDetail,
  type ApplicationStatus,
} from "#contracts/admin-business.ts";
import { CANDIDATE_MAIL_BODY_MAX, CANDIDATE_MAIL_SUBJECT_MAX, type CandidateMail } from "#contracts/candidate-mail.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { useAdminAction, type AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button, buttonClasses } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { applicationStatusLabels, applicationsCopy as copy } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { adminBusiness } from "#app/lib/api/admin-client.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.applications.$id";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = ({ loaderData }: Route.MetaArgs) => adminPageMeta(loaderData ? `Application from ${loaderData.application.name}` : copy.heading);

async function applicationId(request: Request, context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const admin = await requireAdminPage(request, context, "applications");
  const id = ApplicationIdParams.safeParse(params);
  if (!id.success) throw data("Application not found", { status: 404 });
  return { admin, id: id.data.id };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { admin, id } = await applicationId(request, context, params);
  const application = await context.services.careersAdmin.getApplication(id, admin.id);
  if (!application) throw data("Application not found", { status: 404 });
  return { application };
}

/** What each form of this screen posts, by its `intent`: the application's API call and the fields it sends. */
const CALLS: Record<string, { path: string; fields: string[]; success: string }> = {
  status: { path: "status", fields: ["status"], success: copy.saved },
  note: { path: "notes", fields: ["body"], success: copy.noteSaved },
  rating: { path: "rating", fields: ["rating"], success: copy.ratingSaved },
  mail: { path: "mail", fields: ["subject", "body"], success: copy.mail.sent },
  "skip-mail": { path: "mail/skip", fields: [], success: copy.mail.skipped },
};

/** What a refused form gets back into its boxes: the note, or the candidate mail as staff had it. */
type ActionResult = { notice: AdminNotice; note: string; mail?: CandidateMail };

/**
 * The forms posted without the script (decision 029), made through the application's API route so its checks
 * and records apply; a refused note or mail is given back to its boxes. With the script, the forms call the API themselves.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { id } = await applicationId(request, context, params);
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  const call = CALLS[intent];
  if (!call) return data<ActionResult>({ notice: { tone: "error", text: copy.unknownAction }, note: "" }, { status: 400 });
  const { notice, status } = await sendAdminForm(
    context,
    `admin/applications/${id}/${call.path}/`,
    Object.fromEntries(call.fields.map((name) => [name, textField(posted, name)])),
    () => call.success,
  );
  const refused = notice.tone === "error";
  return data<ActionResult>(
    {
      notice,
      note: refused && intent === "note" ? textField(posted, "body") : "",
      ...(refused && intent === "mail" ? { mail: { subject: textField(posted, "subject"), body: textField(posted, "body") } } : {}),
    },
    { status },
  );
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const card = "rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100";

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function History({ application }: { application: AdminApplicationDetail }) {
  const label = (status: ApplicationStatus | null) => (status ? applicationStatusLabels[status] : "");
  return (
    <Section id="history-heading" heading={copy.history}>
      <ol className="mt-4 space-y-2 border-l-2 border-ink-100 pl-4 text-ink-800">
        <li>{copy.applied(formatAdminDate(application.created_at))}</li>
        {application.history.map((move) => (
          <li key={`${move.at}-${move.to}`}>
            {copy.moved(label(move.from), label(move.to), move.by, formatAdminDate(move.at))}
            {move.mail && ` (${move.mail === "sent" ? copy.mail.historySent : copy.mail.historySkipped})`}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export default function ApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = loaderData;
  const pendingMail = application.pending_mail;
  const [status, setStatus] = useState<ApplicationStatus>(application.status);
  const { run, busy, noticeAlert } = useAdminAction();
  const f = copy.fields;

  /** With the script, a form calls the API itself and the screen reloads its data; without, it posts to the action. */
  const submitWith = (key: string, change: (fields: FormData) => Promise<unknown>, success: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    void run(key, () => change(fields), success);
  };
  const field = (fields: FormData, name: string) => String(fields.get(name) ?? "");

  return (
    <AdminShell title={application.name}>
      <Link to="/admin/applications" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      {noticeAlert}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          {pendingMail && (
            <section aria-labelledby="mail-heading" className={`${card} ring-2 ring-indigo-200`}>
              <h2 id="mail-heading" className="text-lg font-bold">
                {copy.mail.heading}
              </h2>
              <p className="mt-1 text-ink-700">{copy.mail.intro(applicationStatusLabels[pendingMail.stage])}</p>
              {/* Keyed by the stage: a later move's mail starts from its own template. */}
              <form
                method="post"
                key={`mail-${pendingMail.stage}`}
                onSubmit={submitWith(
                  "mail",
                  (fields) => adminBusiness.sendCandidateMail(application.id, { subject: field(fields, "subject"), body: field(fields, "body") }),
                  copy.mail.sent,
                )}
                className="mt-4 space-y-4"
              >
                <input type="hidden" name="intent" value="mail" />
                <p className="text-sm text-ink-800">
                  <span className="font-semibold">{copy.mail.to}:</span> {pendingMail.to}
                </p>
                <Field
                  label={copy.mail.subject}
                  name="subject"
                  required
                  maxLength={CANDIDATE_MAIL_SUBJECT_MAX}
                  defaultValue={actionData?.mail?.subject ?? pendingMail.subject}
                />
                <Field
                  as="textarea"
                  label={copy.mail.body}
                  name="body"
                  rows={12}
                  required
                  maxLength={CANDIDATE_MAIL_BODY_MAX}
                  defaultValue={actionData?.mail?.body ?? pendingMail.body}
                />
                <Button type="submit" disabled={busy !== undefined}>
                  {copy.mail.send}
                </Button>
              </form>
              <form
                method="post"
                onSubmit={submitWith("skip-mail", () => adminBusiness.skipCandidateMail(application.id), copy.mail.skipped)}
                className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2"
              >
                <input type="hidden" name="intent" value="skip-mail" />
                <Button type="submit" variant="secondary" disabled={busy !== undefined}>
                  {copy.mail.skip}
                </Button>
                <Link to="/admin/applications/mail-templates" className="text-sm font-medium text-indigo-700 hover:underline">
                  {copy.mail.templates}
                </Link>
              </form>
            </section>
          )}
          <article className={`${card} sm:p-8`} aria-label={`Application from ${application.name}`}>
            <DetailList
              items={[
                [f.position, application.job_title ?? copy.general],
                [f.received, formatAdminDate(application.created_at)],
                [
                  f.email,
                  <a href={`mailto:${application.email}`} className="wrap-break-word text-indigo-700 hover:underline">
                    <Address>{application.email}</Address>
                  </a>,
                ],
                [
                  f.phone,
                  application.phone ? (
                    <a href={`tel:${application.phone.replace(/[^\d+]/g, "")}`} className="text-indigo-700 hover:underline">
                      {application.phone}
                    </a>
                  ) : (
                    copy.notGiven
                  ),
                ],
                [f.resume, `${application.resume.name} (${sizeText(application.resume.size)})`],
                [f.status, <StatusBadge status={application.status} label={applicationStatusLabels[application.status]} />],
                [copy.rating, application.rating === null ? copy.notRated : copy.average(application.rating, application.ratings)],
              ]}
            />
            <h2 className="mt-8 text-lg font-bold">{copy.coverLetter}</h2>
            <p className="mt-2 break-words whitespace-pre-wrap text-ink-800">{application.cover_letter ?? copy.noCoverLetter}</p>
            <a href={adminBusiness.resumeUrl(application.id)} download className={buttonClasses("primary", "md", "mt-8")}>
              <Download className="size-4" aria-hidden="true" /> {copy.download}
            </a>
          </article>

          <Section id="notes-heading" heading={copy.notes}>
            {application.notes.length === 0 ? (
              <p className="mt-4 text-ink-700">{copy.noNotes}</p>
            ) : (
              <ol className="mt-4 space-y-4">
                {application.notes.map((note) => (
                  <li key={note.id}>
                    <article aria-label={copy.noteBy(note.by)} className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
                      <header className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
                        <h3 className="font-semibold text-ink-900">{note.by}</h3>
                        <time dateTime={note.at} className="text-ink-700">
                          {formatAdminDate(note.at)}
                        </time>
                      </header>
                      <p className="break-words whitespace-pre-wrap text-ink-800">{note.body}</p>
                    </article>
                  </li>
                ))}
              </ol>
            )}
            {/* Keyed by the notes' count: once a note is added, its box starts empty again. */}
            <form
              method="post"
              key={`note-${application.notes.length}`}
              onSubmit={submitWith("note", (fields) => adminBusiness.addApplicationNote(application.id, field(fields, "body")), copy.noteSaved)}
              className="mt-6 space-y-3"
              aria-labelledby="add-note-heading"
            >
              <h3 id="add-note-heading" className="font-semibold text-ink-900">
                {copy.addNote}
              </h3>
              <input type="hidden" name="intent" value="note" />
              <Field
                as="textarea"
                label={copy.noteLabel}
                hint={copy.noteHint}
                name="body"
                rows={4}
                required
                maxLength={APPLICATION_NOTE_MAX}
                defaultValue={actionData?.note ?? ""}
              />
              <Button type="submit" disabled={busy !== undefined}>
                {copy.saveNote}
              </Button>
            </form>
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <form
            method="post"
            onSubmit={submitWith("status", () => adminBusiness.setApplicationStatus(application.id, status), copy.saved)}
            className={card}
            aria-labelledby="status-heading"
          >
            <h2 id="status-heading" className="text-lg font-bold">
              {copy.changeStatus}
            </h2>
            <input type="hidden" name="intent" value="status" />
            <Field
              as="select"
              label={f.status}
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
              className="mt-4"
            >
              {APPLICATION_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {applicationStatusLabels[option]}
                </option>
              ))}
            </Field>
            <Button type="submit" className="mt-4" disabled={busy !== undefined}>
              {copy.saveStatus}
            </Button>
          </form>

          <form
            method="post"
            key={`rating-${application.my_rating}`}
            onSubmit={submitWith("rating", (fields) => adminBusiness.rateApplication(application.id, Number(field(fields, "rating"))), copy.ratingSaved)}
            className={card}
          >
            <input type="hidden" name="intent" value="rating" />
            <fieldset>
              <legend className="text-lg font-bold">{copy.yourRating}</legend>
              <p className="mt-1 text-sm text-ink-700">
                {copy.rating}: {application.rating === null ? copy.notRated : copy.average(application.rating, application.ratings)}
              </p>
              <div className="mt-3 space-y-1">
                {copy.ratingChoices.map((label, index) => (
                  <label key={label} className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-ink-900 hover:bg-ink-50">
                    <input
                      type="radio"
                      name="rating"
                      value={index + 1}
                      required
                      defaultChecked={application.my_rating === index + 1}
                      className="size-4 border-ink-300 text-indigo-600 focus:ring-indigo-600"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" className="mt-4" disabled={busy !== undefined}>
              {copy.saveRating}
            </Button>
          </form>

          <History application={application} />
        </div>
      </div>
    </AdminShell>
  );
}
