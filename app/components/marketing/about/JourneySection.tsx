import { Quote } from "lucide-react";
import { Section } from "#app/components/ui/Section.tsx";
import type { JourneyContent } from "#contracts/site-content.ts";
import { contentIcons } from "../content-icons";
import { Reveal } from "../Reveal";
import { tones } from "../tones";

export const JOURNEY_REVEAL_MARGIN_PX = 50;

export function JourneySection({ journey }: { journey: JourneyContent }) {
  return (
    <Section id="journey" eyebrow={journey.eyebrow} title={journey.title}>
      <aside aria-labelledby="journey-teaser" className="mx-auto max-w-3xl rounded-card border-l-4 border-crimson-600 bg-surface p-6 sm:p-8">
        <h3 id="journey-teaser" className="text-lg font-bold">
          {journey.teaser.title}
        </h3>
        <p className="mt-2 text-ink-700">{journey.teaser.text}</p>
      </aside>

      <ol className="mt-12 grid gap-6 lg:grid-cols-3">
        {journey.milestones.map((milestone, i) => {
          const Icon = contentIcons[milestone.icon];
          return (
            <Reveal
              key={i}
              as="li"
              marginPx={JOURNEY_REVEAL_MARGIN_PX}
              className="flex flex-col rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover"
            >
              <div className="flex items-center justify-between">
                <span className={`grid size-12 place-items-center rounded-2xl text-white ${tones[milestone.tone].gradient}`}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="text-3xl" aria-hidden="true">
                  {milestone.emoji}
                </span>
              </div>
              <p className={`mt-5 text-sm font-bold tracking-wider uppercase ${tones[milestone.tone].text}`}>{milestone.year}</p>
              <h3 className="mt-1 text-lg font-bold">{milestone.title}</h3>
              <p className="mt-3 flex-1 text-ink-700">{milestone.content}</p>
              <ul aria-label="Highlights" className="mt-5 flex flex-wrap gap-2">
                {milestone.stats.map((stat, n) => (
                  <li key={n} className={`rounded-full px-3 py-1 text-xs font-semibold ${tones[milestone.tone].soft}`}>
                    {stat}
                  </li>
                ))}
              </ul>
            </Reveal>
          );
        })}
      </ol>

      <figure className="mx-auto mt-12 max-w-3xl rounded-card bg-ink-950 p-8 text-white sm:p-10">
        <Quote className="size-8 text-cyan-300" aria-hidden="true" />
        <h3 className="mt-3 text-xl font-bold">{journey.reflectionTitle}</h3>
        <blockquote className="mt-4 text-lg leading-relaxed text-ink-100">“{journey.reflection}”</blockquote>
        <figcaption className="mt-5 text-sm font-semibold text-cyan-300">{journey.reflectionAuthor}</figcaption>
      </figure>
    </Section>
  );
}
