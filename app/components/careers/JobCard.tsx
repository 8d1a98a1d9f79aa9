import { ArrowRight } from "lucide-react";
import { useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Job, JobPreview } from "#contracts/careers.ts";
import { buttonClasses } from "#app/components/ui/Button.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { careersPage } from "#app/content/careers.ts";
import { JobFacts } from "./JobFacts";

/** One opening in the list; Apply hands the job to the application page so it shows at once. */
export function JobCard({ job }: { job: Job }) {
  const to = `/careers/apply/${job.id}`;
  const navigation = useNavigation();
  const opening = navigation.state === "loading" && navigation.location.pathname === to;
  const preview: JobPreview = {
    id: job.id,
    title: job.title,
    type: job.type,
    department: job.department,
    location: job.location,
    description: job.description,
    requirements: job.requirements,
    responsibilities: job.responsibilities,
  };
  const titleId = `job-${job.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h3 id={titleId} className="text-lg font-semibold text-ink-900">
          {job.title}
        </h3>
        <JobFacts job={job} className="mt-2 text-ink-700" />
      </div>
      <Link
        to={to}
        state={{ job: preview }}
        aria-label={`${careersPage.apply}: ${job.title}`}
        className={buttonClasses("primary", "md", "shrink-0 self-start sm:self-auto")}
      >
        {careersPage.apply}
        {opening ? <Spinner label="Opening" className="size-4" /> : <ArrowRight className="size-4" aria-hidden="true" />}
      </Link>
    </article>
  );
}
