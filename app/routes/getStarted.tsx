import { ArrowRight } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { GetStartedHelpForm, getStartedHelpForm } from "#app/components/forms/GetStartedHelpForm.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { getStarted, type AudienceTab } from "#app/content/get-started.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/getStarted";

export const meta = () => seo({ ...getStarted.seo, path: "/getStarted" });

export const action = enquiryAction(getStartedHelpForm);

export function AudienceGuides() {
  const [tab, setTab] = useState<AudienceTab>("businesses");
  const guide = getStarted.guides.find((candidate) => candidate.id === tab)!;
  return (
    <Tabs label="Who are you?" tabs={getStarted.guides} selected={tab} onSelect={setTab}>
      <h2 className="text-xl font-bold sm:text-2xl">{guide.title}</h2>
      <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {guide.steps.map((step, i) => (
          <li key={step.title} className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
            <span className="inline-flex size-9 items-center justify-center rounded-full bg-crimson-600 font-bold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mt-4 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-ink-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <ButtonLink to={guide.action.to} size="lg" className="mt-8">
        {guide.action.label}
        <ArrowRight className="size-4" aria-hidden="true" />
      </ButtonLink>
    </Tabs>
  );
}

/** The get-started page; `helpForm` is the help form of the enquiry forms. */
export function GetStartedPage({ helpForm }: { helpForm?: ReactNode }) {
  return (
    <>
      <PageHero eyebrow={getStarted.eyebrow} title={getStarted.title} intro={getStarted.intro} />
      <div className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <AudienceGuides />
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
        <section aria-labelledby="quick-links-title">
          <h2 id="quick-links-title" className="text-xl font-bold sm:text-2xl">
            {getStarted.quickLinksTitle}
          </h2>
          <ul className="mt-6 space-y-3">
            {getStarted.quickLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="group flex items-center justify-between rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 hover:shadow-card-hover"
                >
                  <span>
                    <span className="block font-semibold">{link.label}</span>
                    <span className="block text-sm text-ink-700">{link.text}</span>
                  </span>
                  <ArrowRight className="size-5 text-crimson-600 transition-transform duration-200 group-hover:translate-x-1" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="help-title">
          <h2 id="help-title" className="text-xl font-bold sm:text-2xl">
            {getStarted.help.title}
          </h2>
          <p className="mt-2 text-ink-700">{getStarted.help.text}</p>
          {helpForm && <div className="mt-6">{helpForm}</div>}
        </section>
      </div>
    </>
  );
}

export default function GetStarted({ actionData }: Route.ComponentProps) {
  return <GetStartedPage helpForm={<GetStartedHelpForm result={actionData} />} />;
}
