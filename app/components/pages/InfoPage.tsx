import type { ReactNode } from "react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import type { InfoPageContent } from "#app/content/page-types.ts";
import { ContentSections } from "./ContentSections";
import { PageHero } from "#app/components/ui/PageHero.tsx";

/** A whole information page from content data: hero, sections and a closing call to action. */
export function InfoPage({ content, aside }: { content: Omit<InfoPageContent, "path" | "seo">; aside?: ReactNode }) {
  return (
    <>
      <PageHero eyebrow={content.eyebrow} title={content.title} intro={content.intro} />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <div className={aside ? "grid gap-12 lg:grid-cols-[15rem_1fr]" : ""}>
          {aside}
          <ContentSections sections={content.sections} />
        </div>
      </div>
      {content.callToAction && (
        <section aria-labelledby="page-cta-title" className="bg-surface py-16">
          <div className="mx-auto max-w-3xl px-4 text-center">
            <h2 id="page-cta-title" className="text-xl font-bold sm:text-2xl">
              {content.callToAction.title}
            </h2>
            <p className="mt-3 text-lg text-ink-700">{content.callToAction.text}</p>
            <ButtonLink to={content.callToAction.to} size="lg" className="mt-8">
              {content.callToAction.label}
            </ButtonLink>
          </div>
        </section>
      )}
    </>
  );
}
