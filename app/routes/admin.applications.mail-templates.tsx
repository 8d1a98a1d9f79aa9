import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  CANDIDATE_MAIL_BODY_MAX,
  CANDIDATE_MAIL_SUBJECT_MAX,
  CandidateMailStageParams,
  type CandidateMail,
  type CandidateMailStage,
} from "#contracts/candidate-mail.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { candidateMailTemplatesCopy as copy } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.applications.mail-templates";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "applications");
  return { templates: await context.services.candidateMail.templates() };
}

/** A refused template comes back as it was typed, to the form of its stage. */
type ActionResult = { notice: AdminNotice; stage?: CandidateMailStage; mail?: CandidateMail };

/** Each stage's form, posted here with or without the script (decision 029), saved through the API route, which audits it. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "applications");
  const posted = await request.formData();
  const stage = CandidateMailStageParams.safeParse({ stage: textField(posted, "stage") });
  if (!stage.success) return data<ActionResult>({ notice: { tone: "error", text: "That template is not one this screen edits." } }, { status: 400 });
  const mail = { subject: textField(posted, "subject"), body: textField(posted, "body") };
  const { notice, status } = await sendAdminForm(context, `admin/applications/mail-templates/${stage.data.stage}/`, mail, () => copy.saved);
  return data<ActionResult>(notice.tone === "error" ? { notice, stage: stage.data.stage, mail } : { notice, stage: stage.data.stage }, { status });
}

export default function CandidateMailTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminShell title={copy.heading}>
      <Link to="/admin/applications" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      <p className="max-w-3xl text-ink-800">{copy.intro}</p>
      <p className="mt-2 max-w-3xl text-sm text-ink-700">{copy.placeholders}</p>
      <div className="mt-6 space-y-6">
        {loaderData.templates.map((template) => {
          const name = copy.stages[template.stage];
          const kept = actionData?.stage === template.stage ? actionData.mail : undefined;
          return (
            <section
              key={template.stage}
              aria-labelledby={`template-${template.stage}`}
              className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-100 sm:p-6"
            >
              <h2 id={`template-${template.stage}`} className="text-lg font-bold">
                {name}
              </h2>
              <p className="mt-1 text-sm text-ink-700">
                {template.updated_by && template.updated_at ? copy.lastChanged(template.updated_by, formatAdminDate(template.updated_at)) : copy.siteWording}
              </p>
              {/* Keyed by the last change: a saved template's boxes show what was saved. */}
              <Form method="post" key={`${template.stage}-${template.updated_at}`} className="mt-4 space-y-4">
                <input type="hidden" name="stage" value={template.stage} />
                <Field
                  label={`${name}: ${copy.subject}`}
                  name="subject"
                  required
                  maxLength={CANDIDATE_MAIL_SUBJECT_MAX}
                  defaultValue={kept?.subject ?? template.subject}
                />
                <Field
                  as="textarea"
                  label={`${name}: ${copy.body}`}
                  name="body"
                  rows={10}
                  required
                  maxLength={CANDIDATE_MAIL_BODY_MAX}
                  defaultValue={kept?.body ?? template.body}
                />
                {/* Its words are long for a phone: there they wrap, and the button grows to hold them. */}
                <Button
                  type="submit"
                  disabled={navigation.state !== "idle"}
                  className="max-sm:h-auto max-sm:min-h-11 max-sm:py-2 max-sm:text-center max-sm:whitespace-normal"
                >
                  {copy.save(name)}
                </Button>
              </Form>
            </section>
          );
        })}
      </div>
    </AdminShell>
  );
}
