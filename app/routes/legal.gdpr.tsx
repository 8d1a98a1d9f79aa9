import { ArrowRight, BadgeCheck, Download, FileText, Mail, ShieldCheck, Timer, Trash2, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { ConfirmButton } from "#app/components/pages/ConfirmButton.tsx";
import { CopyButton } from "#app/components/pages/CopyButton.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { NewTabLink } from "#app/components/ui/NewTabLink.tsx";
import { fiveCardGrid } from "#app/components/ui/five-card-grid.ts";
import { DPA_PATH, gdpr } from "#app/content/legal.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/legal.gdpr";

export const meta = () => seo({ ...gdpr.seo, path: "/gdpr" });

/** How long 'Download Started!' shows. */
export const DPA_CONFIRMATION_MS = 3000;

/** The five measures in the order the page shows them, each with its icon. */
const measureIcons = { dpo: UserCheck, audits: ShieldCheck, dpa: FileText, erasure: Trash2, breach: Timer } as const;
const MEASURES = Object.keys(measureIcons) as (keyof typeof measureIcons)[];

/** The page's words as staff published them (decision 069). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { policy: await siteContentFor(request, context, "gdpr") };
}

export default function Gdpr({ loaderData: { policy } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={gdpr.eyebrow} title={gdpr.title} intro={policy.intro} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-16 sm:px-6 lg:px-8">
        <section aria-labelledby="measures-title">
          <h2 id="measures-title" className="text-xl font-bold sm:text-2xl">
            {policy.measuresTitle}
          </h2>
          <ul className={`${fiveCardGrid.list} mt-8`}>
            {MEASURES.map((id) => {
              const measure = policy.measures[id];
              const Icon = measureIcons[id];
              return (
                <li key={id} className={fiveCardGrid.item}>
                  <Card className="h-full">
                    <Icon className="size-6 text-indigo-600" aria-hidden="true" />
                    <h3 className="mt-3 text-lg font-semibold">{measure.title}</h3>
                    <p className="mt-2 text-ink-700">{measure.text}</p>
                    {id === "erasure" && (
                      <Link
                        to={gdpr.erasureLink.to}
                        className="mt-3 inline-flex items-center gap-1 font-semibold text-crimson-600 underline-offset-2 hover:underline"
                      >
                        {gdpr.erasureLink.label} <ArrowRight className="size-4" aria-hidden="true" />
                      </Link>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="dpa-title" className="rounded-card bg-surface p-8">
            <h2 id="dpa-title" className="text-xl font-semibold">
              {policy.dpa.title}
            </h2>
            <p className="mt-2 text-ink-700">{policy.dpa.text}</p>
            {/* The form downloads the agreement with or without JavaScript; the button then says so for 3 seconds. */}
            <form method="get" action={DPA_PATH} className="mt-6">
              <ConfirmButton
                type="submit"
                label={gdpr.dpaAction}
                confirmation={gdpr.dpaConfirmation}
                durationMs={DPA_CONFIRMATION_MS}
                icon={<Download className="size-4" aria-hidden="true" />}
              />
            </form>
          </section>
          <section aria-labelledby="dpo-title" className="rounded-card bg-surface p-8">
            <h2 id="dpo-title" className="text-xl font-semibold">
              {policy.dpo.title}
            </h2>
            <p className="mt-2 text-ink-700">{policy.dpo.text}</p>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <a href={`mailto:${gdpr.dpoEmail}`} className="inline-flex items-center gap-2 font-semibold text-indigo-700 underline-offset-4 hover:underline">
                <Mail className="size-4" aria-hidden="true" />
                {gdpr.dpoEmail}
              </a>
              <CopyButton text={gdpr.dpoEmail} />
            </div>
            <p className="mt-4 flex items-center gap-2 text-sm text-ink-700">
              <BadgeCheck className="size-4 text-emerald-700" aria-hidden="true" />
              {policy.dpo.responseTime}
            </p>
          </section>
        </div>

        <section aria-labelledby="resources-title">
          <h2 id="resources-title" className="text-xl font-semibold">
            {policy.resourcesTitle}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {gdpr.resources.map((resource) => (
              <li key={resource.href}>
                <NewTabLink
                  href={resource.href}
                  className="inline-flex items-center gap-2 rounded-full bg-ink-100 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-ink-200"
                >
                  {resource.label}
                </NewTabLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
