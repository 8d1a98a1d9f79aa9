import { ArrowLeft, Mail } from "lucide-react";
import { data, Link } from "react-router";
import { EnquiryIdParams, type EnquiryStatus } from "@contracts/admin-business";
import { budgetLabels, helpTypeLabels, timelineLabels, userTypeLabels } from "@contracts/enquiry-options";
import { AdminShell } from "~/components/admin/AdminShell";
import { DetailList } from "~/components/admin/DetailList";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { useAdminAction } from "~/components/admin/useAdminAction";
import { Button, buttonClasses } from "~/components/ui/Button";
import { enquiriesCopy as copy, enquiryTypeLabels } from "~/content/admin";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import { adminBusiness } from "~/lib/api/admin-client";
import type { Route } from "./+types/admin.enquiries.$id";

export const meta = ({ params }: Route.MetaArgs) => adminPageMeta(`Enquiry #${params.id}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "enquiries");
  const id = EnquiryIdParams.safeParse(params);
  const enquiry = id.success ? await context.services.enquiriesAdmin.getEnquiry(id.data.id) : null;
  if (!enquiry) throw data("Enquiry not found", { status: 404 });
  return { enquiry };
}

/** Which page's form it came from: /contact and /cta both send a contact message (request_type CTA). */
const SENT_FROM = "Sent from page";

/** A stored choice in the words the form showed; the raw value when it is not one of them. */
const labelOf = (labels: Record<string, string>, value: string | null) => (value ? (labels[value.toLowerCase()] ?? value) : null);

export default function EnquiryDetail({ loaderData }: Route.ComponentProps) {
  const { enquiry } = loaderData;
  const { run, busy, noticeAlert } = useAdminAction();
  const saving = busy !== undefined;
  const f = copy.fields;
  const setStatus = (status: EnquiryStatus) => run(status, () => adminBusiness.setEnquiryStatus(enquiry.id, status), copy.saved);

  const subject = `Re: your enquiry to HimalTech`;
  return (
    <AdminShell title={copy.detailHeading(enquiry.id)}>
      <Link to="/admin/enquiries" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      {noticeAlert}
      <article className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
        <DetailList
          items={[
            [f.type, enquiryTypeLabels[enquiry.type]],
            [SENT_FROM, enquiry.source_page && <code className="font-mono text-sm">{enquiry.source_page}</code>],
            [f.received, formatAdminDate(enquiry.created_at)],
            [f.name, enquiry.name],
            [
              f.email,
              <a href={`mailto:${enquiry.email}`} className="text-indigo-700 hover:underline">
                {enquiry.email}
              </a>,
            ],
            [f.company, enquiry.company],
            [f.userType, labelOf(userTypeLabels, enquiry.user_type)],
            [f.helpType, labelOf(helpTypeLabels, enquiry.help_type)],
            [f.budget, labelOf(budgetLabels, enquiry.budget)],
            [f.timeline, labelOf(timelineLabels, enquiry.timeline)],
            [f.message, <p className="whitespace-pre-wrap">{enquiry.message}</p>],
            [f.status, <StatusBadge status={enquiry.status} />],
            [f.handled, enquiry.first_response_at ? formatAdminDate(enquiry.first_response_at) : null],
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          {enquiry.status !== "closed" ? (
            <Button onClick={() => setStatus("closed")} disabled={saving}>
              {copy.markHandled}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setStatus("open")} disabled={saving}>
              {copy.markNew}
            </Button>
          )}
          <a href={`mailto:${enquiry.email}?subject=${encodeURIComponent(subject)}`} className={buttonClasses("secondary")}>
            <Mail className="size-4" aria-hidden="true" /> {copy.reply}
          </a>
        </div>
      </article>
    </AdminShell>
  );
}
