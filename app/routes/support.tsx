import { ArrowRight, CircleAlert, CircleCheck, MessageCircle, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "~/components/ui/Link";
import { FaqList } from "~/components/pages/FaqList";
import { PageHero } from "~/components/ui/PageHero";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Tabs } from "~/components/ui/Tabs";
import { support, type SupportTab } from "~/content/support";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...support.seo, path: "/support" });

/** The spec's support form: no checks and no submission, so pressing Send Message does nothing. */
function SupportContactForm() {
  const copy = support.contactForm;
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="max-w-2xl space-y-5">
      <h2 className="text-xl font-bold sm:text-2xl">{copy.title}</h2>
      <Field label={copy.email} type="email" name="email" autoComplete="email" />
      <Field label={copy.subject} name="subject" />
      <Field as="textarea" label={copy.message} name="message" rows={5} />
      <Button type="submit">{copy.action}</Button>
    </form>
  );
}

export function SupportTabs() {
  const [tab, setTab] = useState<SupportTab>("faq");
  return (
    <Tabs label="Support" tabs={support.tabs} selected={tab} onSelect={setTab}>
      {tab === "faq" ? (
        <div>
          <FaqList entries={support.faq} />
          <Link to={support.allQuestions.to} className="mt-4 inline-flex items-center gap-1 font-semibold text-crimson-600">
            {support.allQuestions.label} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      ) : (
        <SupportContactForm />
      )}
    </Tabs>
  );
}

const channelIcons = { chat: MessageCircle, community: Users } as const;

export default function Support() {
  return (
    <>
      <PageHero eyebrow={support.eyebrow} title={support.title} intro={support.intro} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_20rem] lg:px-8">
        <SupportTabs />
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
                {channel.external ? (
                  <a href={channel.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {channel.label} <ArrowRight className="size-4" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  <Link to={channel.href} className={linkClass}>
                    {channel.label} <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
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
