import { JourneySection } from "#app/components/marketing/about/JourneySection.tsx";
import { PointGrid } from "#app/components/marketing/about/PointGrid.tsx";
import { ProcessSection } from "#app/components/marketing/about/ProcessSection.tsx";
import { TeamSection } from "#app/components/marketing/about/TeamSection.tsx";
import { WhoWeAre } from "#app/components/marketing/about/WhoWeAre.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { tones } from "#app/components/marketing/tones.ts";
import { Section } from "#app/components/ui/Section.tsx";
import { site } from "#app/content/site.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/about";

/** The page's words as staff published them (decision 068), and the team's photos from the media library. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [about, process, team, journey] = await Promise.all([
    siteContentFor(request, context, "about"),
    siteContentFor(request, context, "process"),
    siteContentFor(request, context, "team"),
    siteContentFor(request, context, "journey"),
  ]);
  const photoIds = [...team.leaders, ...team.globalTeam].flatMap((person) => (person.photo ? [person.photo.id] : []));
  return { about, process, team, journey, photos: await context.services.media.sources(photoIds) };
}

export const meta = () =>
  seo({
    title: `About | ${site.name} – Innovation in Nepal`,
    fullTitle: true,
    description: `${site.name} is a remote-first technology startup in the Kathmandu valley: our mission, vision, goals and values, how we work, the team and the founder's journey.`,
    keywords: ["about HimalTech", "technology company Nepal", "remote software team", "Kathmandu startup"],
    path: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, process, team, journey, photos } = loaderData;
  const { hero: aboutHero, missionVision, strategicGoals, coreValues } = about;
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.heading} intro={aboutHero.tagline} align="center">
        <p className="mx-auto mt-4 max-w-2xl text-ink-300">{aboutHero.intro}</p>
      </PageHero>
      <WhoWeAre whoWeAre={about.whoWeAre} />
      <section aria-label="Mission and vision" className="bg-surface py-16 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          {missionVision.map((card, i) => (
            <article key={i} className="rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
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
      <ProcessSection process={process} />
      <TeamSection team={team} photos={photos} />
      <JourneySection journey={journey} />
    </>
  );
}
