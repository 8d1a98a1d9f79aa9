import { ArrowLeft, Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { APPLICATION_STATUSES, ApplicationIdParams, type ApplicationStatus } from "@contracts/admin-business";
import { AdminShell } from "~/components/admin/AdminShell";
import { DetailList } from "~/components/admin/DetailList";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { useAdminAction } from "~/components/admin/useAdminAction";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { applicationStatusLabels, applicationsCopy as copy } from "~/content/admin";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.applications.$id";

export const meta = ({ loaderData }: Route.MetaArgs) => adminPageMeta(loaderData ? `Application from ${loaderData.application.name}` : copy.heading);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "applications");
  const id = ApplicationIdParams.safeParse(params);
  const application = id.success ? await context.services.careersAdmin.getApplication(id.data.id) : null;
  if (!application) throw data("Application not found", { status: 404 });
  return { application };
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function ApplicationDetail({ loaderData }: Route.ComponentProps) {
  const { application } = loaderData;
  const [status, setStatus] = useState<ApplicationStatus>(application.status);
  const { run, busy, noticeAlert } = useAdminAction();
  const f = copy.fields;

  function saveStatus(event: FormEvent) {
    event.preventDefault();
    void run(status, () => adminBusiness.setApplicationStatus(application.id, status), copy.saved);
  }

  return (
    <AdminShell title={application.name}>
      <Link to="/admin/applications" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      {noticeAlert}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <article className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
          <DetailList
            items={[
              [f.position, application.job_title ?? copy.general],
              [f.received, formatAdminDate(application.created_at)],
              [
                f.email,
                <a href={`mailto:${application.email}`} className="text-indigo-700 hover:underline">
                  {application.email}
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
            ]}
          />
          <h2 className="mt-8 text-lg font-bold">{copy.coverLetter}</h2>
          <p className="mt-2 whitespace-pre-wrap text-ink-800">{application.cover_letter ?? copy.noCoverLetter}</p>
          <a href={adminBusiness.resumeUrl(application.id)} download className={buttonClasses("primary", "md", "mt-8")}>
            <Download className="size-4" aria-hidden="true" /> {copy.download}
          </a>
        </article>
        <form onSubmit={saveStatus} className="h-fit rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100" aria-labelledby="status-heading">
          <h2 id="status-heading" className="text-lg font-bold">
            {copy.changeStatus}
          </h2>
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
          <Button type="submit" className="mt-4" disabled={busy !== undefined || status === application.status}>
            {copy.saveStatus}
          </Button>
        </form>
      </div>
    </AdminShell>
  );
}
