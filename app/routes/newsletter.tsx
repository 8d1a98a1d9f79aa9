import { NewsletterForm, newsletterForm, NEWSLETTER_PAGE } from "#app/components/forms/NewsletterForm.tsx";
import { linkPageMeta } from "#app/components/forms/NewsletterLinkAction.tsx";
import { newsletterPages } from "#app/content/enquiries.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/newsletter";

const copy = newsletterPages.signUp;

export const meta = () => linkPageMeta(copy.title, copy.text, NEWSLETTER_PAGE);

/** The footer's sign-up, posted before its script ran (decision 029), ends here with its outcome. */
export const action = enquiryAction(newsletterForm);

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <section className="rounded-card bg-ink-950 p-8 text-white sm:p-10">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <p className="mt-3 text-ink-200">{copy.text}</p>
        <NewsletterForm result={actionData} id="newsletter-page-email" label={copy.title} />
        <p className="mt-6 text-sm text-ink-200">{copy.leave}</p>
      </section>
    </div>
  );
}
