import { ClientStrip } from "#app/components/marketing/home/ClientStrip.tsx";
import { Hero } from "#app/components/marketing/home/Hero.tsx";
import { ServiceCards } from "#app/components/marketing/home/ServiceCards.tsx";
import { Showcase } from "#app/components/marketing/home/Showcase.tsx";
import { Testimonials } from "#app/components/marketing/home/Testimonials.tsx";
import { WhyUs } from "#app/components/marketing/home/WhyUs.tsx";
import { site } from "#app/content/site.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () =>
  seo({
    title: `${site.name} – AI, Software, Data, Security & Cloud from Nepal`,
    fullTitle: true,
    description: site.description,
    path: "/",
  });

export default function Home() {
  return (
    <>
      <Hero />
      <ServiceCards />
      <WhyUs />
      <Showcase />
      <Testimonials />
      <ClientStrip />
    </>
  );
}
