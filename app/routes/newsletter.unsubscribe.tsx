import { linkPageMeta, NewsletterLinkAction } from "#app/components/forms/NewsletterLinkAction.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { newsletterPages } from "#app/content/enquiries.ts";
import type { Route } from "./+types/newsletter.unsubscribe";

const copy = newsletterPages.unsubscribe;

export const meta = ({ params }: Route.MetaArgs) => linkPageMeta(copy.title, copy.text, `/newsletter/unsubscribe/${params.token}`);

export default function NewsletterUnsubscribe({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Card className="sm:p-10">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <p className="mt-3 mb-6 text-ink-700">{copy.text}</p>
        <NewsletterLinkAction path={`newsletter/unsubscribe/${encodeURIComponent(params.token)}/`} label={copy.action} fallbackError="Something went wrong" />
      </Card>
    </div>
  );
}
