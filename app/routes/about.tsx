import { JourneySection } from "~/components/marketing/about/JourneySection";
import { PointGrid } from "~/components/marketing/about/PointGrid";
import { ProcessSection } from "~/components/marketing/about/ProcessSection";
import { TeamSection } from "~/components/marketing/about/TeamSection";
import { WhoWeAre } from "~/components/marketing/about/WhoWeAre";
import { PageHero } from "~/components/ui/PageHero";
import { tones } from "~/components/marketing/tones";
import { Section } from "~/components/ui/Section";
import { aboutHero, coreValues, missionVision, strategicGoals } from "~/content/about";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: `About | ${site.name} – Innovation in Nepal`,
    fullTitle: true,
    description: `${site.name} is a remote-first technology startup in the Kathmandu valley: our mission, vision, goals and values, how we work, the team and the founder's journey.`,
    keywords: ["about HimalTech", "technology company Nepal", "remote software team", "Kathmandu startup"],
    path: "/about",
  });

export default function About() {
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.heading} intro={aboutHero.tagline} align="center">
        <p className="mx-auto mt-4 max-w-2xl text-ink-300">{aboutHero.intro}</p>
      </PageHero>
      <WhoWeAre />
      <section aria-label="Mission and vision" className="bg-surface py-16 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          {missionVision.map((card) => (
            <article key={card.title} className="rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
              <div className={`h-1.5 w-12 rounded-full ${tones[card.tone].gradient}`} aria-hidden="true" />
              <h2 className="mt-5 text-xl font-bold sm:text-2xl">{card.title}</h2>
              <p className="mt-3 text-lg text-ink-700">{card.text}</p>
            </article>
          ))}
        </div>
      </section>
      <Section id="goals" title={strategicGoals.title} intro={strategicGoals.intro}>
        <PointGrid items={strategicGoals.items} />
      </Section>
      <Section id="values" tone="muted" title={coreValues.title} intro={coreValues.intro}>
        <PointGrid items={coreValues.items} />
      </Section>
      <ProcessSection />
      <TeamSection />
      <JourneySection />
    </>
  );
}
