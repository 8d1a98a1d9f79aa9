import { ClientStrip } from "#app/components/marketing/home/ClientStrip.tsx";
import { Hero } from "#app/components/marketing/home/Hero.tsx";
import { ServiceCards } from "#app/components/marketing/home/ServiceCards.tsx";
import { Showcase } from "#app/components/marketing/home/Showcase.tsx";
import { Testimonials } from "#app/components/marketing/home/Testimonials.tsx";
import { WhyUs } from "#app/components/marketing/home/WhyUs.tsx";
import { site } from "#app/content/site.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/home";

/** Staff's words on the page, as published (the preview shows an editor's newest draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [home, testimonials] = await Promise.all([siteContentFor(request, context, "home"), siteContentFor(request, context, "testimonials")]);
  return { home, testimonials };
}

export const meta = () =>
  seo({
    title: `${site.name} – AI, Software, Data, Security & Cloud from Nepal`,
    fullTitle: true,
    description: site.description,
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <>
      <Hero hero={home.hero} spotlights={home.spotlights} />
      <ServiceCards services={home.services} />
      <WhyUs whyUs={home.whyUs} />
      <Showcase intro={home.showcase} />
      <Testimonials content={loaderData.testimonials} />
      <ClientStrip heading={home.clients} />
    </>
  );
}
