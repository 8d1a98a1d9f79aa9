import { Mail, Phone } from "lucide-react";
import { DiscussProjectForm, discussProjectForm } from "#app/components/forms/DiscussProjectForm.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { CheckList } from "#app/components/ui/CheckList.tsx";
import { discussProjectPage as page } from "#app/content/enquiries.ts";
import { useContactFacts } from "#app/lib/contact-facts.ts";
import { telHref } from "#app/lib/contact-links.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/discussProject";

export const meta = () => seo({ ...page.seo, path: "/discussProject" });

export const action = enquiryAction(discussProjectForm);

export default function DiscussProject({ actionData }: Route.ComponentProps) {
  const contact = useContactFacts();
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8">
        <Card className="lg:col-span-7 sm:p-8">
          <DiscussProjectForm result={actionData} />
        </Card>
        <aside className="space-y-8 lg:col-span-5">
          <section aria-labelledby="process-title">
            <h2 id="process-title" className="text-xl font-bold">
              {page.processTitle}
            </h2>
            <ol className="mt-4 space-y-4">
              {page.process.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-crimson-600 font-bold text-white" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="text-sm text-ink-700">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <CheckList id="why-title" title={page.whyTitle} items={page.why} />
          <section aria-labelledby="direct-title" className="rounded-card bg-surface p-6">
            <h2 id="direct-title" className="font-semibold">
              {page.contactTitle}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <a href={`mailto:${page.email}`} className="inline-flex items-center gap-2 font-medium text-indigo-700 hover:underline">
                  <Mail className="size-4" aria-hidden="true" />
                  {page.email}
                </a>
              </li>
              <li>
                <a href={telHref(contact.phone)} className="inline-flex items-center gap-2 font-medium text-indigo-700 hover:underline">
                  <Phone className="size-4" aria-hidden="true" />
                  {contact.phone}
                </a>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </>
  );
}
