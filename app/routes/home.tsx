import { ClientStrip } from "~/components/marketing/home/ClientStrip";
import { Hero } from "~/components/marketing/home/Hero";
import { ServiceCards } from "~/components/marketing/home/ServiceCards";
import { Showcase } from "~/components/marketing/home/Showcase";
import { Testimonials } from "~/components/marketing/home/Testimonials";
import { WhyUs } from "~/components/marketing/home/WhyUs";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";

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
