import { useState, type FormEvent } from "react";
import type { NewsletterRequest, NewsletterResponse } from "@contracts/enquiries";
import { apiRequest } from "~/lib/api/client";
import { Honeypot, honeypotOf, SubmissionMessage, SubmitButton } from "./FormParts";
import { useSubmission } from "./useSubmission";

export const NEWSLETTER_MESSAGE_MS = 5000;

/** The footer's newsletter sign-up; its message, good or bad, goes away after 5 seconds. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const submission = useSubmission({ fallbackError: "Failed to subscribe. Please try again.", messageMs: NEWSLETTER_MESSAGE_MS });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload: NewsletterRequest = { email, request_type: "NEWSLETTER", ...honeypotOf(event.currentTarget) };
    const sent = await submission.submit(async () => {
      const response = await apiRequest<Partial<NewsletterResponse>>("newsletter/", { method: "POST", body: payload });
      return response.message || "Thank you for subscribing!";
    });
    if (sent) setEmail("");
  }

  return (
    <form onSubmit={onSubmit} className="relative mt-4 space-y-3" aria-label="Newsletter">
      <Honeypot />
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submission.submitting}
          className="min-w-0 flex-1 rounded-full border-0 bg-white/10 px-4 py-2.5 text-sm text-white ring-1 ring-white/20 placeholder:text-ink-200 focus:ring-2 focus:ring-cyan-300 focus:outline-none disabled:opacity-60"
        />
        <SubmitButton submission={submission}>Subscribe</SubmitButton>
      </div>
      <SubmissionMessage submission={submission} />
    </form>
  );
}
