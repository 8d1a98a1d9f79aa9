import { isAssistantResult } from "#app/components/assistant/assistant.ts";
import { ctaBlockAction } from "#app/components/assistant/assistant-action.server.ts";
import { ContactForm, contactForm } from "#app/components/forms/ContactForm.tsx";
import { CtaBlock } from "#app/components/pages/CtaBlock.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { ctaPage } from "#app/content/contact.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
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
