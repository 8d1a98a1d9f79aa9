import { ArrowRight } from "lucide-react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import type { ProcessContent } from "#contracts/site-content.ts";
import { contentIcons } from "../content-icons";
import { Reveal } from "../Reveal";
import { tones } from "../tones";

export const PROCESS_REVEAL_MARGIN_PX = 100;

/** Six steps: stacked cards on narrow screens, a timeline with cards alternating either side of it on wide ones. */
export function ProcessSection({ process }: { process: ProcessContent }) {
  return (
    <Section id="process" eyebrow={process.eyebrow} title={process.title} intro={process.intro}>
      <ol className="relative space-y-6 md:space-y-0 md:before:absolute md:before:inset-y-0 md:before:left-1/2 md:before:w-0.5 md:before:-translate-x-1/2 md:before:bg-ink-100">
        {process.steps.map((step, i) => {
          const Icon = contentIcons[step.icon];
          const onRight = i % 2 === 1;
          return (
            <Reveal key={i} as="li" marginPx={PROCESS_REVEAL_MARGIN_PX} className="relative md:grid md:grid-cols-2 md:gap-16 md:py-6">
              <span
                aria-hidden="true"
                className={`absolute top-1/2 left-1/2 hidden size-10 -translate-1/2 place-items-center rounded-full text-sm font-bold text-white ring-4 ring-white md:grid ${tones[step.tone].gradient}`}
              >
                {i + 1}
              </span>
              <article
                className={`rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover ${onRight ? "md:col-start-2" : "md:text-right"}`}
              >
                <div className={`flex items-center gap-4 ${onRight ? "" : "md:flex-row-reverse"}`}>
                  <span className={`grid size-12 shrink-0 place-items-center rounded-2xl ${tones[step.tone].soft}`}>
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <div>
                    <p className={`text-xs font-semibold tracking-wider uppercase ${tones[step.tone].text}`}>Step {i + 1}</p>
                    <h3 className="text-lg font-bold">{step.title}</h3>
                  </div>
                </div>
                <p className="mt-3 text-ink-700">{step.description}</p>
              </article>
            </Reveal>
          );
        })}
      </ol>
      <div className="mt-16 rounded-card bg-ink-950 px-6 py-12 text-center text-white">
        <h3 className="text-xl font-bold sm:text-2xl">{process.closing}</h3>
        <ButtonLink to="/discussProject" size="lg" className="mt-6">
          {process.action}
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}
