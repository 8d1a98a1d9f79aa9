import type { Job, JobType } from "@contracts/careers";
import { site } from "~/content/site";

const employmentTypes: Record<JobType, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

/** schema.org JobPosting, so the opening can appear in job search (remote roles as telecommute). */
export function jobPostingStructuredData(job: Job): Record<string, unknown> {
  return {
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    identifier: { "@type": "PropertyValue", name: site.name, value: job.id },
    datePosted: job.posted_date,
    ...(job.valid_through ? { validThrough: job.valid_through } : {}),
    employmentType: employmentTypes[job.type],
    hiringOrganization: { "@type": "Organization", "@id": `${site.url}/#organization`, name: site.name, sameAs: site.url, logo: `${site.url}/logo.png` },
    ...(job.remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: job.applicant_locations.map((name) => ({ "@type": "Country", name })),
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: site.contact.address.locality, addressCountry: site.contact.address.country },
          },
        }),
    directApply: true,
    url: `${site.url}/careers/apply/${job.id}`,
  };
}
