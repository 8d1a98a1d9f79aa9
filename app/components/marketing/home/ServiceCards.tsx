import { ArrowRight, ChevronDown } from "lucide-react";
import { useState } from "react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { fiveCardGrid } from "#app/components/ui/five-card-grid.ts";
import { Section } from "#app/components/ui/Section.tsx";
import type { HomeContent } from "#contracts/site-content.ts";
import { FeatureList } from "../FeatureList";
import { tones } from "../tones";

/** The five services; the arrow of a card shows its features, and opening one closes the others. */
export function ServiceCards({ services: homeServices }: { services: HomeContent["services"] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Section id="services" tone="muted" eyebrow={homeServices.eyebrow} title={homeServices.title} intro={homeServices.intro}>
      <ul className={`${fiveCardGrid.list} items-start`}>
        {homeServices.cards.map((card) => {
          const open = openId === card.id;
          const featuresId = `service-${card.id}-features`;
          return (
            <li
              key={card.id}
              data-testid={`service-${card.id}`}
              className={`rounded-card bg-white p-6 shadow-card ring-1 ${fiveCardGrid.item} transition-shadow duration-200 hover:shadow-card-hover ${open ? tones[card.tone].ring : "ring-ink-100"}`}
            >
              <div className={`h-1.5 w-12 rounded-full ${tones[card.tone].gradient}`} aria-hidden="true" />
              <div className="mt-4 flex items-start justify-between gap-4">
                <h3 id={`service-${card.id}-title`} className="text-lg font-bold">
                  {card.title}
                </h3>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={featuresId}
                  // Named after its card, so the five toggles are told apart in a screen reader's list of buttons.
                  aria-label={`${open ? "Hide" : "Show"} ${card.title} features`}
                  onClick={() => setOpenId(open ? null : card.id)}
                  className="-m-1 grid size-9 shrink-0 place-items-center rounded-full text-ink-800 ring-1 ring-ink-100 transition-colors duration-150 hover:bg-ink-100"
                >
                  <ChevronDown className={`size-5 transition-transform duration-200 ${open ? "rotate-180" : ""}`} aria-hidden="true" />
                </button>
              </div>
              <p className="mt-2 text-ink-700">{card.description}</p>
              <div id={featuresId} hidden={!open}>
                <FeatureList items={card.features} tone={card.tone} className="mt-5 text-sm" />
              </div>
              <ButtonLink to={`/services/${card.id}`} variant="secondary" size="sm" className="mt-6">
                See More<span className="sr-only"> about {card.title}</span>
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
