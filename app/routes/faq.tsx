import { PageHero } from "~/components/ui/PageHero";
import { FaqList } from "~/components/pages/FaqList";
import { ButtonLink } from "~/components/ui/Button";
import { faqGroups, faqPage } from "~/content/faq";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    ...faqPage.seo,
    path: "/faq",
    structuredData: [
      {
        "@type": "FAQPage",
        mainEntity: faqGroups
          .flatMap((group) => group.entries)
          .map((entry) => ({ "@type": "Question", name: entry.question, acceptedAnswer: { "@type": "Answer", text: entry.answer } })),
      },
    ],
  });

export default function Faq() {
  return (
    <>
      <PageHero eyebrow={faqPage.eyebrow} title={faqPage.title} intro={faqPage.intro} />
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-16 sm:px-6">
        {faqGroups.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-title`}>
            <h2 id={`${group.id}-title`} className="text-xl font-bold sm:text-2xl">
              {group.title}
            </h2>
            <FaqList entries={group.entries} className="mt-6" />
          </section>
        ))}
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
