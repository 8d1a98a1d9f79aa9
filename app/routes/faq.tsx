import { PageHero } from "#app/components/ui/PageHero.tsx";
import { FaqList } from "#app/components/pages/FaqList.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { faqPage } from "#app/content/faq.ts";
import { markdownHtml } from "#app/lib/markdown.server.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/faq";

/**
 * The FAQ as staff published it, each answer's Markdown made HTML here, and the answers staff published
 * from the questions the assistant could not answer, after the site's own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [faq, answers] = await Promise.all([siteContentFor(request, context, "faq"), context.services.assistantAnswers.list()]);
  const groups = faq.groups.map((group) => ({ ...group, entries: group.entries.map((entry) => ({ ...entry, answerHtml: markdownHtml(entry.answer) })) }));
  return { faq: { groups }, answers };
}

export const meta = ({ data }: Route.MetaArgs) =>
  seo({
    ...faqPage.seo,
    path: "/faq",
    structuredData: [
      {
        "@type": "FAQPage",
        // Search engines take an answer's HTML (links, emphasis, lists) as it is shown.
        mainEntity: [
          ...(data?.faq.groups ?? []).flatMap((group) => group.entries.map((entry) => ({ question: entry.question, text: entry.answerHtml }))),
          ...(data?.answers ?? []).map((entry) => ({ question: entry.question, text: entry.answer })),
        ].map((entry) => ({
          "@type": "Question",
          name: entry.question,
          acceptedAnswer: { "@type": "Answer", text: entry.text },
        })),
      },
    ],
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={faqPage.eyebrow} title={faqPage.title} intro={faqPage.intro} />
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-16 sm:px-6">
        {loaderData.faq.groups.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-title`}>
            <h2 id={`${group.id}-title`} className="text-xl font-bold sm:text-2xl">
              {group.title}
            </h2>
            <FaqList entries={group.entries} className="mt-6" />
          </section>
        ))}
        {loaderData.answers.length > 0 && (
          <section aria-labelledby="more-answers-title">
            <h2 id="more-answers-title" className="text-xl font-bold sm:text-2xl">
              {faqPage.moreAnswers}
            </h2>
            <FaqList
              entries={loaderData.answers.map((answer) => ({ id: `answer-${answer.id}`, question: answer.question, answer: answer.answer }))}
              className="mt-6"
            />
          </section>
        )}
        <div className="rounded-card bg-surface p-8 text-center">
          <h2 className="text-xl font-semibold">{faqPage.stillStuck.title}</h2>
          <p className="mt-2 text-ink-700">{faqPage.stillStuck.text}</p>
          <ButtonLink to={faqPage.stillStuck.to} className="mt-6">
            {faqPage.stillStuck.label}
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
