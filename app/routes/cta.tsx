import { ContactForm } from "~/components/forms/ContactForm";
import { CtaBlock } from "~/components/pages/CtaBlock";
import { PageHero } from "~/components/ui/PageHero";
import { ctaPage } from "~/content/contact";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...ctaPage.seo, path: "/cta" });

export default function CallToAction() {
  return (
    <>
      <PageHero eyebrow={ctaPage.eyebrow} title={ctaPage.title} intro={ctaPage.intro} />
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <CtaBlock emailUs={<ContactForm />} />
      </div>
    </>
  );
}
