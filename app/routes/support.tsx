import { ArrowRight, CircleAlert, CircleCheck, MessageCircle, Users } from "lucide-react";
import { useState } from "react";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { SupportForm, supportForm, type SupportFormResult } from "#app/components/forms/SupportForm.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { FaqList } from "#app/components/pages/FaqList.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { NewTabLink } from "#app/components/ui/NewTabLink.tsx";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { support, type SupportTab } from "#app/content/support.ts";
import { useContactFacts } from "#app/lib/contact-facts.ts";
import { whatsappHref } from "#app/lib/contact-links.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/support";

export const meta = () => seo({ ...support.seo, path: "/support" });

export const action = enquiryAction(supportForm);

/** A link to /support#contact or /support?tab=contact opens the form. */
const linkedTab = (): SupportTab | undefined =>
  window.location.hash === "#contact" || new URLSearchParams(window.location.search).get("tab") === "contact" ? "contact" : undefined;

/**
 * FAQ first, as the spec says; the form when a link asks for it or when it was just sent. Tabs need a
 * script: the form is also drawn under them, shown only where scripts do not run, so it can be sent by
 * a plain post to this page (decision 029). It stays in the page once scripts run, hidden, so that
 * taking the page over removes nothing the server sent.
 */
export function SupportTabs({ result }: { result?: SupportFormResult }) {
  const [chosen, setChosen] = useState<SupportTab>();
  const linked = useBrowserValue(linkedTab, undefined);
  const tab = chosen ?? (result ? "contact" : (linked ?? "faq"));
  return (
    <div>
      <Tabs label="Support" tabs={support.tabs} selected={tab} onSelect={setChosen}>
        {tab === "faq" ? (
          <div>
            <FaqList entries={support.faq} />
            <Link to={support.allQuestions.to} className="mt-4 inline-flex items-center gap-1 font-semibold text-crimson-600">
              {support.allQuestions.label} <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        ) : (
          <SupportForm result={result} id="support-form-title" />
        )}
      </Tabs>
      {tab === "faq" && (
        <div id="contact" className="mt-12 hidden noscript:block">
          <SupportForm id="support-form-title-without-script" />
        </div>
      )}
    </div>
  );
}

const channelIcons = { chat: MessageCircle, community: Users } as const;

export default function Support({ actionData }: Route.ComponentProps) {
  const contact = useContactFacts();
  return (
    <>
      <PageHero eyebrow={support.eyebrow} title={support.title} intro={support.intro} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_20rem] lg:px-8">
        <SupportTabs result={actionData} />
        <div className="space-y-6">
          {support.channels.map((channel) => {
            const Icon = channelIcons[channel.id];
            const linkClass = "mt-4 inline-flex items-center gap-1 text-sm font-semibold text-crimson-600";
            return (
              <Card key={channel.id}>
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon className="size-5 text-indigo-600" aria-hidden="true" />
                  {channel.title}
                </h2>
                <p className="mt-2 text-sm text-ink-700">{channel.text}</p>
                {"href" in channel ? (
                  <Link to={channel.href} className={linkClass}>
                    {channel.label} <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                ) : (
                  <NewTabLink href={whatsappHref(contact.phone)} icon={ArrowRight} className={linkClass}>
                    {channel.label}{" "}
                  </NewTabLink>
                )}
              </Card>
            );
          })}
          <Card>
            <h2 className="text-lg font-semibold">{support.status.title}</h2>
            <ul className="mt-4 space-y-3">
              {support.status.services.map((service) => {
                const ok = service.state === "operational";
                const Icon = ok ? CircleCheck : CircleAlert;
                return (
                  <li key={service.name} className="flex items-center justify-between gap-3 text-sm">
                    <span className="font-medium">{service.name}</span>
                    <span className={`inline-flex items-center gap-1.5 font-semibold ${ok ? "text-emerald-800" : "text-amber-900"}`}>
                      <Icon className="size-4" aria-hidden="true" />
                      {support.status.states[service.state]}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}
