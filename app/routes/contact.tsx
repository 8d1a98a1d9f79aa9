import { Clock, Mail, MapPin, MessageCircle, Phone, Users } from "lucide-react";
import { isAssistantResult } from "#app/components/assistant/assistant.ts";
import { ctaBlockAction } from "#app/components/assistant/assistant-action.server.ts";
import { ContactForm, contactForm } from "#app/components/forms/ContactForm.tsx";
import { CtaBlock } from "#app/components/pages/CtaBlock.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { NewTabLink } from "#app/components/ui/NewTabLink.tsx";
import { contactPage } from "#app/content/contact.ts";
import { site } from "#app/content/site.ts";
import { useContactFacts } from "#app/lib/contact-facts.ts";
import { mapHref, telHref, whatsappHref } from "#app/lib/contact-links.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta = () => seo({ ...contactPage.seo, path: "/contact" });

export const action = ctaBlockAction(enquiryAction(contactForm));

const cardIcons = { office: MapPin, phone: Phone, email: Mail, hours: Clock } as const;
const channelIcons = { whatsapp: MessageCircle, discord: Users } as const;

export default function Contact({ actionData }: Route.ComponentProps) {
  const contact = useContactFacts();
  const cards: { id: keyof typeof cardIcons; lines: string[]; href?: string }[] = [
    { id: "office", lines: [contact.address.street, `${contact.address.locality}, Kathmandu Valley`, site.contact.address.countryName] },
    { id: "phone", lines: [contact.phone], href: telHref(contact.phone) },
    { id: "email", lines: [contact.email], href: `mailto:${contact.email}` },
    { id: "hours", lines: contact.hours },
  ];
  return (
    <>
      <PageHero eyebrow={contactPage.eyebrow} title={contactPage.title} intro={contactPage.intro} />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Contact details">
          {cards.map((card) => {
            const Icon = cardIcons[card.id];
            const lines = card.lines.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ));
            return (
              <li key={card.id}>
                <Card className="h-full">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-crimson-50 text-crimson-600">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h2 className="mt-4 text-lg font-semibold">{contactPage.cards[card.id]}</h2>
                  {card.href ? (
                    <a href={card.href} className="mt-2 block font-medium break-words text-indigo-700 underline-offset-4 hover:underline">
                      {lines}
                    </a>
                  ) : (
                    <p className="mt-2 text-ink-700">{lines}</p>
                  )}
                  {card.id === "office" ? (
                    <NewTabLink
                      href={mapHref(contact.map)}
                      iconClassName="size-3.5"
                      className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline"
                    >
                      {contactPage.viewOnMap}
                    </NewTabLink>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
        <CtaBlock
          emailUs={<ContactForm result={isAssistantResult(actionData) ? undefined : actionData} />}
          assistant={isAssistantResult(actionData) ? actionData : undefined}
        />
        <section
          aria-labelledby="channels-title"
          className="flex flex-col items-start gap-4 rounded-card bg-surface p-8 sm:flex-row sm:items-center sm:justify-between"
        >
          <h2 id="channels-title" className="text-xl font-semibold">
            {contactPage.channels.title}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {contactPage.channels.links.map((link) => {
              const Icon = channelIcons[link.id];
              return (
                <li key={link.id}>
                  <NewTabLink
                    href={"href" in link ? link.href : whatsappHref(contact.phone)}
                    iconClassName="size-3.5"
                    className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink-900 shadow-sm ring-1 ring-ink-200 hover:bg-ink-100"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {link.label}
                  </NewTabLink>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </>
  );
}
