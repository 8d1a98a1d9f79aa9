import { ArrowRight, Cpu, Trophy } from "lucide-react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import type { HomeContent } from "#contracts/site-content.ts";
import { FeatureList } from "../FeatureList";

export function WhyUs({ whyUs }: { whyUs: HomeContent["whyUs"] }) {
  const cards = [
    { ...whyUs.expertise, Icon: Cpu, tone: "indigo" as const },
    { ...whyUs.edge, Icon: Trophy, tone: "crimson" as const },
  ];
  return (
    <Section id="why-us" eyebrow={whyUs.eyebrow} title={whyUs.title} intro={whyUs.intro}>
      <div className="grid gap-6 lg:grid-cols-2">
        {cards.map(({ title, text, points, Icon, tone }) => (
          <article key={tone} className="rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
            <span
              className={`grid size-12 place-items-center rounded-2xl text-white ${tone === "indigo" ? "bg-linear-to-br from-indigo-600 to-cyan-400" : "bg-linear-to-br from-crimson-600 to-amber-500"}`}
            >
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-xl font-bold">{title}</h3>
            <p className="mt-3 text-ink-700">{text}</p>
            <FeatureList items={points} tone={tone} columns={2} className="mt-6 text-sm" />
          </article>
        ))}
      </div>
      <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {whyUs.highlights.map((highlight, i) => (
          <li key={i} className="rounded-card bg-ink-950 p-5 text-center text-white">
            <span className="block text-[clamp(1.25rem,6vw,2rem)] font-extrabold whitespace-nowrap text-cyan-300">{highlight.value}</span>
            <span className="mt-1 block text-sm text-ink-200">{highlight.label}</span>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <ButtonLink to="/discussProject" size="lg">
          {whyUs.action}
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}
