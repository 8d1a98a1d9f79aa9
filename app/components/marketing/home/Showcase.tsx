import { ArrowUpRight, TrendingUp } from "lucide-react";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import { talkAboutTopic } from "#app/content/enquiries.ts";
import { showcaseCards } from "#app/content/showcase.ts";
import type { HomeContent } from "#contracts/site-content.ts";

export function Showcase({ intro: showcaseIntro }: { intro: HomeContent["showcase"] }) {
  return (
    <Section id="showcase" tone="muted" eyebrow={showcaseIntro.eyebrow} title={showcaseIntro.title} intro={showcaseIntro.intro}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {showcaseCards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover"
          >
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs font-semibold tracking-wider text-indigo-700 uppercase">{card.domain}</span>
              <Badge tone={card.status === "Live Product" ? "success" : "warning"}>{card.status}</Badge>
            </div>
            <h3 className="mt-4 text-lg font-bold">{card.title}</h3>
            <p className="mt-2 flex-1 text-sm text-ink-700">{card.description}</p>
            <p className="mt-4 flex items-center gap-2 font-semibold text-ink-900">
              <TrendingUp className="size-4 text-emerald-600" aria-hidden="true" />
              {card.metrics}
            </p>
            <ul aria-label="Technologies" className="mt-4 flex flex-wrap gap-2">
              {card.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-surface px-2.5 py-1 text-xs font-medium text-ink-800 ring-1 ring-ink-100">
                  {tag}
                </li>
              ))}
            </ul>
            {/* The products have no pages of their own: Explore more asks an expert about the one on the card. */}
            <Link
              to={talkAboutTopic(card.title)}
              className="mt-5 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-crimson-700 hover:underline"
            >
              Explore more<span className="sr-only"> about {card.title}</span>
              <ArrowUpRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
