import { Link } from "#app/components/ui/Link.tsx";
import { TalkToExpertForm, talkToExpertForm } from "#app/components/forms/TalkToExpertForm.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { CheckList } from "#app/components/ui/CheckList.tsx";
import { talkToExpertPage as page } from "#app/content/enquiries.ts";
import { useContactFacts } from "#app/lib/contact-facts.ts";
import { telHref } from "#app/lib/contact-links.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/talktoexpert";

export const meta = () => seo({ ...page.seo, path: "/talktoexpert" });

export const action = enquiryAction(talkToExpertForm);

export default function TalkToExpert({ actionData }: Route.ComponentProps) {
  const contact = useContactFacts();
  const ways = [
    { label: page.other.email, value: contact.email, href: `mailto:${contact.email}` },
    { label: page.other.phone, value: contact.phone, href: telHref(contact.phone) },
    page.other.contactPage,
  ];
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8">
        <Card className="lg:col-span-7 sm:p-8">
          <TalkToExpertForm result={actionData} />
        </Card>
        <aside className="space-y-8 lg:col-span-5">
          <CheckList id="expect-title" title={page.expectTitle} items={page.expect} />
          <section aria-labelledby="other-title" className="rounded-card bg-surface p-6">
            <h2 id="other-title" className="font-semibold">
              {page.otherTitle}
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              {ways.map((way) => (
                <div key={way.label}>
                  <dt className="text-ink-700">{way.label}</dt>
                  <dd>
                    {way.href.startsWith("/") ? (
                      <Link to={way.href} className="font-medium text-indigo-700 hover:underline">
                        {way.value}
                      </Link>
                    ) : (
                      <a href={way.href} className="font-medium text-indigo-700 hover:underline">
                        {way.value}
                      </a>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>
    </>
  );
}
