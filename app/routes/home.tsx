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
  return { testimonials: await siteContentFor(request, context, "testimonials") };
}

export const meta = () =>
  seo({
    title: `${site.name} – AI, Software, Data, Security & Cloud from Nepal`,
    fullTitle: true,
    description: site.description,
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <ServiceCards />
      <WhyUs />
      <Showcase />
      <Testimonials content={loaderData.testimonials} />
      <ClientStrip />
    </>
  );
}
