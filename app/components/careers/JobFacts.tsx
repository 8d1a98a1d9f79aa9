import { Banknote, Briefcase, Building2, MapPin } from "lucide-react";
import type { JobPreview } from "#contracts/careers.ts";
import { applicationPage } from "#app/content/careers.ts";

/** Department, location, type and salary of a job, each with its icon and an accessible label. */
export function JobFacts({ job, className = "" }: { job: Pick<JobPreview, "department" | "location" | "type" | "salary">; className?: string }) {
  const { labels } = applicationPage;
  const facts = [
    { label: labels.department, value: job.department, Icon: Building2 },
    { label: labels.location, value: job.location, Icon: MapPin },
    { label: labels.type, value: job.type, Icon: Briefcase },
    ...(job.salary ? [{ label: labels.salary, value: job.salary, Icon: Banknote }] : []),
  ];
  return (
    <dl className={`flex flex-wrap gap-x-5 gap-y-2 text-sm ${className}`}>
      {facts.map(({ label, value, Icon }) => (
        <div key={label} className="flex items-center gap-1.5">
          <dt className="sr-only">{label}</dt>
          <Icon className="size-4 shrink-0 opacity-80" aria-hidden="true" />
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
