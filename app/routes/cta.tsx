import { isAssistantResult } from "~/components/assistant/assistant";
import { ctaBlockAction } from "~/components/assistant/assistant-action.server";
import { ContactForm, contactForm } from "~/components/forms/ContactForm";
import { CtaBlock } from "~/components/pages/CtaBlock";
import { PageHero } from "~/components/ui/PageHero";
import { ctaPage } from "~/content/contact";
import { enquiryAction } from "~/lib/form-action.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/cta";

export const meta = () => seo({ ...ctaPage.seo, path: "/cta" });

export const action = ctaBlockAction(enquiryAction(contactForm));

export default function CallToAction({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={ctaPage.eyebrow} title={ctaPage.title} intro={ctaPage.intro} />
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <CtaBlock
          emailUs={<ContactForm result={isAssistantResult(actionData) ? undefined : actionData} />}
          assistant={isAssistantResult(actionData) ? actionData : undefined}
        />
      </div>
    </>
  );
}
