import { Send } from "lucide-react";
import { data, useNavigation } from "react-router";
import type { Job } from "#contracts/careers.ts";
import { JobCard } from "#app/components/careers/JobCard.tsx";
import { LoadError } from "#app/components/careers/LoadError.tsx";
import { Perks } from "#app/components/careers/Perks.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { careersPage } from "#app/content/careers.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/careers";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { jobs: await context.services.careers.listOpenJobs(), error: null };
  } catch {
    // The reason stays in the server log; the visitor gets the page, the message and a way to retry.
    return data({ jobs: [] as Job[], error: careersPage.loadError.fallback }, { status: 503 });
  }
}

export const meta = () => seo({ title: careersPage.seo.title, description: careersPage.seo.description, path: "/careers" });

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { jobs, error } = loaderData;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/careers";

  return (
    <>
      <section className="relative overflow-hidden bg-ink-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(50rem_26rem_at_85%_-10%,rgb(79_70_229/0.45),transparent),radial-gradient(36rem_20rem_at_0%_110%,rgb(220_20_60/0.25),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-cyan-300 uppercase">{careersPage.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-extrabold sm:text-6xl">{careersPage.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg text-ink-200">{careersPage.intro}</p>
        </div>
      </section>

      <Section id="openings" tone="muted" title={careersPage.openings}>
        <div aria-busy={reloading} className="mx-auto max-w-4xl">
          {reloading ? (
            <div className="flex justify-center py-12 text-indigo-600">
              <Spinner className="size-8" />
            </div>
          ) : error ? (
            <LoadError heading={careersPage.loadError.heading} message={error} retry={careersPage.loadError.retry} />
          ) : jobs.length === 0 ? (
            <div className="rounded-card bg-white p-10 text-center shadow-card ring-1 ring-ink-100">
              <p className="text-lg font-semibold text-ink-900">{careersPage.empty[0]}</p>
              <p className="mt-2 text-ink-700">{careersPage.empty[1]}</p>
            </div>
          ) : (
            <ul className="space-y-4">
              {jobs.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>

      <Section id="perks" title={careersPage.perksHeading}>
        <Perks />
      </Section>

      <section aria-labelledby="general-title" className="bg-surface pb-20">
        <div className="mx-auto max-w-4xl px-4 pt-16 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-card bg-ink-900 p-8 text-white shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-10">
            <div>
              <h2 id="general-title" className="text-2xl font-bold">
                {careersPage.general.heading}
              </h2>
              <p className="mt-2 max-w-xl text-ink-200">{careersPage.general.text}</p>
            </div>
            <ButtonLink to="/careers/apply/general" size="lg" className="shrink-0">
              <Send className="size-4" aria-hidden="true" />
              {careersPage.general.action}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
