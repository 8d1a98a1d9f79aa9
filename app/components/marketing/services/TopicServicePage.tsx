import type { ReactNode } from "react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { TopicExplorer, type ExplorerTopic } from "./TopicExplorer";

interface ServicePageProps {
  eyebrow: string;
  title: string;
  subtitle: string;
  topics: readonly ExplorerTopic[];
  illustration?: (topic: ExplorerTopic) => ReactNode;
}

/** A service page: its hero, the topics it covers, and the way to start a project. */
export function TopicServicePage({ eyebrow, title, subtitle, topics, illustration }: ServicePageProps) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={subtitle} align="center" />
      <Section id="topics" tone="muted" title={`What our ${title} team does`} intro="Choose a topic to see what it includes.">
        <TopicExplorer label={`${title} topics`} topics={topics} illustration={illustration} />
      </Section>
      <section aria-labelledby="service-cta-title" className="bg-white py-16 text-center">
        <h2 id="service-cta-title" className="px-4 text-2xl font-bold sm:text-3xl">
          Ready to start with {title}?
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-4 px-4">
          <ButtonLink to="/discussProject" size="lg">
            Discuss Your Project
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
