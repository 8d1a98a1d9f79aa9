import type { Job, JobType } from "#contracts/careers.ts";
import { site } from "#app/content/site.ts";

const employmentTypes: Record<JobType, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

const CURRENCIES: Record<string, string> = { npr: "NPR", rs: "NPR", usd: "USD", $: "USD", inr: "INR", eur: "EUR", "€": "EUR" };
const PERIODS: Record<string, string> = { hour: "HOUR", day: "DAY", week: "WEEK", month: "MONTH", year: "YEAR", annum: "YEAR" };
/** "NPR 150,000 – 200,000 per month", "USD 40/hour", "Rs. 90,000 a month": a currency, an amount or a range, and a period. */
const SALARY = /^(npr|rs|usd|\$|inr|eur|€)\.?\s*([\d,.]+)\s*(?:(?:–|—|-|to)\s*([\d,.]+))?\s*(?:\/|per|a|an)\s*(hour|day|week|month|year|annum)$/i;

/**
 * The salary written on a job, as schema.org's MonetaryAmount, when it is written the usual way
 * ("NPR 150,000 – 200,000 per month"); null for anything else ("Competitive"), which job search then
 * simply does not get.
 */
export function baseSalary(salary: string | undefined): Record<string, unknown> | null {
  const match = SALARY.exec(salary?.trim() ?? "");
  if (!match) return null;
  const amount = (text: string | undefined) => (text === undefined ? undefined : Number(text.replace(/,/g, "")));
  const [min, max] = [amount(match[2]), amount(match[3])];
  if (!Number.isFinite(min) || (max !== undefined && !(Number.isFinite(max) && max >= min!))) return null;
  const unitText = PERIODS[match[4]!.toLowerCase()];
  return {
    "@type": "MonetaryAmount",
    currency: CURRENCIES[match[1]!.toLowerCase()],
    value:
      max === undefined ? { "@type": "QuantitativeValue", value: min, unitText } : { "@type": "QuantitativeValue", minValue: min, maxValue: max, unitText },
  };
}

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
    ...(baseSalary(job.salary) ? { baseSalary: baseSalary(job.salary) } : {}),
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
