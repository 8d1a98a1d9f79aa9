import type { ReactNode } from "react";

export type SectionTone = "light" | "muted" | "dark";

const tones: Record<SectionTone, string> = {
  light: "bg-white text-ink-900",
  muted: "bg-surface text-ink-900",
  dark: "bg-ink-950 text-white",
};

interface SectionProps {
  id?: string;
  tone?: SectionTone;
  eyebrow?: string;
  title?: ReactNode;
  intro?: ReactNode;
  /** The heading level of the title; sections under a page's h1 use h2. */
  headingLevel?: 1 | 2;
  className?: string;
  children?: ReactNode;
}

/** A full-width band of the page with an optional heading, laid out on the site's container. */
export function Section({ id, tone = "light", eyebrow, title, intro, headingLevel = 2, className = "", children }: SectionProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${tones[tone]} py-16 sm:py-24 ${className}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        {(eyebrow || title || intro) && (
          <header className="mx-auto mb-12 max-w-3xl text-center">
            {eyebrow && (
              <p className={`mb-3 text-sm font-semibold tracking-wider uppercase ${tone === "dark" ? "text-cyan-300" : "text-indigo-600"}`}>{eyebrow}</p>
            )}
            {title && (
              <Heading id={headingId} className={headingLevel === 1 ? "text-3xl font-bold sm:text-5xl" : "text-2xl font-bold sm:text-4xl"}>
                {title}
              </Heading>
            )}
            {intro && <p className={`mt-4 text-lg ${tone === "dark" ? "text-ink-200" : "text-ink-700"}`}>{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
