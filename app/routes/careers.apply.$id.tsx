import { ArrowLeft, Mail } from "lucide-react";
import { data, useLocation } from "react-router";
import { answerOrThrow } from "#app/components/forms/form-result.ts";
import { Link } from "#app/components/ui/Link.tsx";
import { GENERAL_APPLICATION_ID } from "#contracts/application-form.ts";
import type { Job, JobListItem, JobPreview } from "#contracts/careers.ts";
import { ApplicationForm, type ApplicationResult } from "#app/components/careers/ApplicationForm.tsx";
import { JobFacts } from "#app/components/careers/JobFacts.tsx";
import { jobPostingStructuredData } from "#app/components/careers/job-posting.ts";
import { LoadError } from "#app/components/careers/LoadError.tsx";
import { applicationPage as copy } from "#app/content/careers.ts";
import { ApiError, submissionErrorText } from "#app/lib/api/client.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/careers.apply.$id";

type Outcome = { job: Job | null; problem: null } | { job: null; problem: "missing" | "error" };

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id === GENERAL_APPLICATION_ID) return { job: null, problem: null } as Outcome;
  try {
    const job = await context.services.careers.getOpenJob(params.id);
    if (!job) return data<Outcome>({ job: null, problem: "missing" }, { status: 404 });
    return { job, problem: null } as Outcome;
  } catch {
    return data<Outcome>({ job: null, problem: "error" }, { status: 503 });
  }
}

/** An application posted before the form's script ran (decision 029) goes to the API as the script sends it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  if (params.id !== GENERAL_APPLICATION_ID) posted.set("job", params.id);
  const answer = await context.api("careers/applications/", posted);
  try {
    answerOrThrow(answer);
    return { outcome: "success", message: copy.form.success, values: {} } satisfies ApplicationResult;
  } catch (error) {
    const values = Object.fromEntries((["name", "email", "phone", "cover_letter"] as const).map((name) => [name, textField(posted, name)]));
    const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | undefined)?.errors : undefined;
    return data<ApplicationResult>(
      { outcome: "error", message: submissionErrorText(error, copy.form.error), values, errors },
      { status: failureStatus(answer.status) },
    );
  }
}

export function meta({ data: loaded, params }: Route.MetaArgs) {
  const path = `/careers/apply/${params.id}`;
  if (loaded?.job) {
    const { job } = loaded;
    return seo({ title: `${job.title} – Careers`, description: job.description.slice(0, 155), path, structuredData: [jobPostingStructuredData(job)] });
  }
  if (params.id === GENERAL_APPLICATION_ID) return seo({ title: `${copy.general.title} – Careers`, description: copy.general.description, path });
  return seo({ title: copy.notFound.heading, description: copy.notFound.text, path });
}

const itemText = (item: JobListItem) => (typeof item === "string" ? item : item.text);

function ItemList({ title, items }: { title: string; items: JobListItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold">{title}</h2>
      <ul className="mt-4 space-y-3">
        {items.map((item, i) => (
          <li key={i} className="flex gap-3 text-ink-800">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-crimson-600" />
            {itemText(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/careers" className="inline-flex items-center gap-1.5 text-sm font-semibold text-cyan-300 hover:text-white">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {copy.back}
    </Link>
  );
}

export default function JobApplication({ loaderData, actionData, params }: Route.ComponentProps) {
  const location = useLocation();
  // The careers list hands the job over when Apply is followed; the loaded job is the fallback.
  const handed = (location.state as { job?: JobPreview } | null)?.job;
  const job: JobPreview | null = handed?.id === params.id ? { ...loaderData.job, ...handed } : loaderData.job;
  const general = params.id === GENERAL_APPLICATION_ID;

  if (!job && !general) {
    const failed = loaderData.problem === "error";
    return (
      <section className="bg-surface px-4 py-24">
        {failed ? (
          <LoadError heading={copy.loadError.heading} message={copy.loadError.fallback} retry={copy.loadError.retry} />
        ) : (
          <div className="mx-auto max-w-xl text-center">
            <h1 className="text-3xl font-bold sm:text-4xl">{copy.notFound.heading}</h1>
            <p className="mt-4 text-lg text-ink-700">{copy.notFound.text}</p>
            <Link to="/careers" className="mt-8 inline-flex items-center gap-1.5 font-semibold text-crimson-600 hover:text-crimson-700">
              <ArrowLeft className="size-4" aria-hidden="true" />
              {copy.back}
            </Link>
          </div>
        )}
      </section>
    );
  }

  const title = job?.title ?? copy.general.title;
  return (
    <>
      <section className="bg-ink-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <BackLink />
          <h1 className="mt-6 text-3xl font-extrabold sm:text-5xl">{title}</h1>
          {job && <JobFacts job={job} className="mt-6 text-ink-200" />}
        </div>
      </section>
      <div className="bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:px-8">
          <div className="lg:col-span-7">
            <section>
              {job && <h2 className="mb-4 text-xl font-bold">{copy.description}</h2>}
              <p className=" text-lg whitespace-pre-line text-ink-800">{job?.description ?? copy.general.description}</p>
            </section>
            {job && <ItemList title={copy.requirements} items={job.requirements} />}
            {job && <ItemList title={copy.responsibilities} items={job.responsibilities} />}
          </div>
          <aside className="space-y-6 lg:col-span-5" aria-label="Application">
            <ApplicationForm job={job} title={title} result={actionData} />
            <div className="rounded-card bg-white p-6 ring-1 ring-ink-100">
              <h2 className="font-semibold">{copy.help.heading}</h2>
              <p className="mt-2 text-sm text-ink-700">
                <Mail className="mr-1.5 inline size-4 align-[-2px] text-indigo-600" aria-hidden="true" />
                Write to our careers team at{" "}
                <a href={`mailto:${copy.help.email}`} className="font-semibold text-indigo-600 underline-offset-2 hover:underline">
                  {copy.help.email}
                </a>
                .
              </p>
              <p className="mt-3 text-sm text-ink-700">{copy.help.equalOpportunity}</p>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
