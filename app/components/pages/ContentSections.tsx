import { Check } from "lucide-react";
import { Link } from "#app/components/ui/Link.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import type { ContentSection } from "#app/content/page-types.ts";
import { CodeBlock } from "./CodeBlock";

/** The body of an information page: titled sections of cards, checklists, code and links, from content data; an empty part is left out. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <div className="min-w-0 space-y-16">
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
          <h2 id={`${section.id}-title`} className="text-xl font-bold sm:text-2xl">
            {section.title}
          </h2>
          {section.intro && <p className="mt-3 max-w-3xl text-lg text-ink-700">{section.intro}</p>}
          {section.cards && section.cards.length > 0 && (
            <ul className={`mt-8 grid gap-6 ${section.cards.length % 3 === 0 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
              {section.cards.map((card, i) => (
                <li key={i}>
                  <Card className="h-full">
                    {card.meta && <p className="text-xs font-semibold tracking-wider text-indigo-600 uppercase">{card.meta}</p>}
                    <h3 className="mt-1 text-lg font-semibold">{card.title}</h3>
                    <p className="mt-2 text-ink-700">{card.text}</p>
                    {card.points && card.points.length > 0 && (
                      <ul className="mt-4 space-y-2 text-sm text-ink-800">
                        {card.points.map((point, i) => (
                          <li key={i} className="flex gap-2">
                            <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                            {point}
                          </li>
                        ))}
                      </ul>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          )}
          {section.figures && section.figures.length > 0 && (
            <ul className="mt-8 grid gap-6 sm:grid-cols-3">
              {section.figures.map((figure, i) => (
                <li key={i} className="rounded-card bg-ink-950 p-6 text-white">
                  <p className="text-4xl font-extrabold tracking-tight text-cyan-300">{figure.value}</p>
                  <p className="mt-2 text-ink-200">{figure.label}</p>
                </li>
              ))}
            </ul>
          )}
          {section.points && section.points.length > 0 && (
            <ul className="mt-6 space-y-3 text-ink-800">
              {section.points.map((point, i) => (
                <li key={i} className="flex gap-3">
                  <Check className="mt-1 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          )}
          {section.code && <CodeBlock code={section.code.text} label={section.code.label} className="mt-6" />}
          {section.links && (
            <ul className="mt-6 flex flex-wrap gap-3">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-flex items-center rounded-full bg-ink-100 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-ink-200">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
