import { Mail } from "lucide-react";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { PolicyDates } from "#app/components/pages/PolicyDates.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { terms } from "#app/content/legal.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/legal.terms";

/** The terms and the policies' dates as staff last published them (the preview shows an editor's newest draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { legal: await siteContentFor(request, context, "legal") };
}

export const meta = () => seo({ ...terms.seo, path: "/terms" });

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { legal } = loaderData;
  return (
    <>
      <PageHero eyebrow={terms.eyebrow} title={terms.title} intro={legal.terms.intro}>
        <PolicyDates dates={legal} effective={false} />
      </PageHero>
      <article className="mx-auto max-w-3xl space-y-12 px-4 py-16 sm:px-6">
        {legal.terms.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-xl font-bold sm:text-2xl">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-ink-800">
                {paragraph}
              </p>
            ))}
            {section.points.length > 0 && (
              <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-800">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <aside aria-labelledby="legal-contact-title" className="rounded-card bg-surface p-8">
          <h2 id="legal-contact-title" className="text-xl font-semibold">
            {terms.contact.title}
          </h2>
          <p className="mt-2 text-ink-700">{terms.contact.text}</p>
          <ButtonLink to={terms.contact.to} className="mt-6">
            <Mail className="size-4" aria-hidden="true" />
            {terms.contact.action}
          </ButtonLink>
        </aside>
      </article>
    </>
  );
}
