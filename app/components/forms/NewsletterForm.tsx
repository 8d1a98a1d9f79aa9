import type { NewsletterRequest, NewsletterResponse } from "#contracts/enquiries.ts";
import { Honeypot, SubmissionMessage, SubmitButton } from "./FormParts";
import type { EnquiryForm, FormResult } from "./form-result";
import { useEnquiryForm } from "./useEnquiryForm";

export const NEWSLETTER_MESSAGE_MS = 5000;
/** The page whose action takes the footer's sign-up when it is posted before or without JavaScript. */
export const NEWSLETTER_PAGE = "/newsletter";

const empty = { email: "" };

export const newsletterForm: EnquiryForm<typeof empty> = {
  api: "newsletter/",
  empty,
  fallbackError: "Failed to subscribe. Please try again.",
  payload: (values): NewsletterRequest => ({ email: values.email, request_type: "NEWSLETTER" }),
  confirmation: (response: Partial<NewsletterResponse>) => response.message || "Thank you for subscribing!",
};

/**
 * The footer's newsletter sign-up; its message, good or bad, goes away after 5 seconds. `label` names the form
 * apart from the footer's when a page shows a second one.
 */
export function NewsletterForm({ result, id = "newsletter-email", label = "Newsletter" }: { result?: FormResult<typeof empty>; id?: string; label?: string }) {
  const { bind, submission, onSubmit } = useEnquiryForm(newsletterForm, result, { messageMs: NEWSLETTER_MESSAGE_MS });
  return (
    <form method="post" action={NEWSLETTER_PAGE} onSubmit={onSubmit} className="relative mt-4 space-y-3" aria-label={label}>
      <Honeypot />
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          {...bind("email")}
          disabled={submission.submitting}
          className="min-w-0 flex-1 rounded-full border-0 bg-white/10 px-4 py-2.5 text-sm text-white ring-1 ring-white/20 placeholder:text-ink-200 focus:ring-2 focus:ring-cyan-300 focus:outline-none disabled:opacity-60"
        />
        <SubmitButton submission={submission}>Subscribe</SubmitButton>
      </div>
      <SubmissionMessage submission={submission} />
    </form>
  );
}
