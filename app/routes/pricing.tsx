import { ArrowRight, Sparkles } from "lucide-react";
import { FeatureList } from "#app/components/marketing/FeatureList.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { tones } from "#app/components/marketing/tones.ts";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { fiveCardGrid } from "#app/components/ui/five-card-grid.ts";
import { Section } from "#app/components/ui/Section.tsx";
import { pricingPage } from "#app/content/pricing.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/pricing";

/** Staff's words on the page, as published (the preview shows an editor's newest draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { pricing: await siteContentFor(request, context, "pricing") };
}

export const meta = () => seo({ title: "Pricing", description: pricingPage.description, keywords: pricingPage.keywords, path: "/pricing" });

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { closing, cardAction } = pricingPage;
  const { banner, services } = loaderData.pricing;
  return (
    <>
      <PageHero eyebrow={pricingPage.eyebrow} title={pricingPage.title} intro={pricingPage.intro} align="center" />
      <section aria-labelledby="startup-special" className="bg-surface pt-16">
        {/* The banner sits on the same container as the service cards below, so their edges line up. */}
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div
            data-testid="startup-special"
            className="flex flex-col gap-6 rounded-card bg-linear-to-br from-crimson-700 to-indigo-600 p-8 text-white shadow-card sm:p-10 lg:flex-row lg:items-center lg:justify-between"
          >
            <div className="max-w-2xl">
              <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wider uppercase">
                <Sparkles className="size-4" aria-hidden="true" /> Limited offer
              </p>
              <h2 id="startup-special" className="mt-4 text-2xl font-bold sm:text-3xl">
                {banner.title}
              </h2>
              <p className="mt-3 text-white/90">{banner.text}</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={pricingPage.banner.primary.to} variant="secondary" size="lg">
                {pricingPage.banner.primary.label}
              </ButtonLink>
              <ButtonLink to={pricingPage.banner.secondary.to} variant="inverse" size="lg">
                {pricingPage.banner.secondary.label}
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
      <Section
        id="plans"
        tone="muted"
        title="Services and what is included"
        intro="Every quote is fixed per sprint. These benefits come with every project in the service."
      >
        <ul className={fiveCardGrid.list}>
          {services.map((service) => (
            <li
              key={service.id}
              id={`pricing-${service.id}`}
              className={`${fiveCardGrid.item} flex flex-col rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover`}
            >
              <div className={`h-1.5 w-12 rounded-full ${tones[service.tone].gradient}`} aria-hidden="true" />
              <h3 className="mt-4 text-xl font-bold">{service.name}</h3>
              <p className="mt-2 text-ink-700">{service.description}</p>
              <FeatureList items={service.benefits} tone={service.tone} className="mt-5 flex-1 text-sm" />
              <ButtonLink to={cardAction.to} className="mt-6">
                {cardAction.label}
                <span className="sr-only"> about {service.name}</span>
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
            </li>
          ))}
        </ul>
        <div className="mt-16 rounded-card bg-ink-950 px-6 py-12 text-center text-white">
          <h2 className="text-xl font-bold sm:text-2xl">{closing.title}</h2>
          <p className="mx-auto mt-3 max-w-xl text-ink-200">{closing.text}</p>
          <ButtonLink to={closing.action.to} size="lg" className="mt-6">
            {closing.action.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
