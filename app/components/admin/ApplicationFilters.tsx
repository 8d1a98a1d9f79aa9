import { Link } from "react-router";
import { GENERAL_APPLICATION_ID } from "#contracts/application-form.ts";
import type { ApplicationBoardQuery, JobStatus } from "#contracts/admin-business.ts";
import { applicationsCopy as copy } from "#app/content/admin.ts";
import type { FilterControl, DateFilter } from "./ListControls";
import { ViewTabs } from "./ViewTabs";

/** The job filter's choices: general applications first, then every job, open ones first, closed ones marked. */
export const jobFilterChoices = (jobs: { id: string; title: string; status: JobStatus }[]) => [
  { value: GENERAL_APPLICATION_ID, label: copy.general },
  ...jobs.map((job) => ({ value: job.id, label: job.status === "open" ? job.title : `${job.title} (closed)` })),
];

/** The filters the list and the board share: which job, and the days the applications arrived. */
export function sharedApplicationFilters(query: ApplicationBoardQuery, jobs: FilterControl["options"]): { job: FilterControl; dates: DateFilter[] } {
  return {
    job: { name: "job", label: copy.job, value: query.job ?? "", options: jobs },
    dates: [
      { name: "from", label: copy.from, value: query.from ?? "" },
      { name: "to", label: copy.to, value: query.to ?? "" },
    ],
  };
}

/** The list and the board as tabs, each keeping the job and days chosen on the other, and the way to the candidate mail templates. */
export function ApplicationViewTabs({ current, query }: { current: "list" | "board"; query: ApplicationBoardQuery }) {
  const kept = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  const search = kept.size ? `?${kept}` : "";
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-6">
      <ViewTabs
        label={copy.views.label}
        views={[
          { to: `/admin/applications${search}`, label: copy.views.list, current: current === "list" },
          { to: `/admin/applications/board${search}`, label: copy.views.board, current: current === "board" },
        ]}
      />
      <Link to="/admin/applications/mail-templates" className="mb-6 text-sm font-medium text-indigo-700 hover:underline">
        {copy.mail.templatesLink}
      </Link>
    </div>
  );
}
