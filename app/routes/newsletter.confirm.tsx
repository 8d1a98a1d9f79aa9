import { NewsletterTokenSchema } from "#contracts/enquiries.ts";
import { linkPageMeta, NewsletterLinkAction } from "#app/components/forms/NewsletterLinkAction.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { newsletterPages } from "#app/content/enquiries.ts";
import type { Route } from "./+types/newsletter.confirm";

const copy = newsletterPages.confirm;

export const meta = ({ params }: Route.MetaArgs) => linkPageMeta(copy.title, copy.pending, `/newsletter/confirm/${params.token}`);

/** Reads the link's state only; confirming waits for the button (see docs/decisions on newsletter confirmation). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = NewsletterTokenSchema.safeParse(params.token);
  return { token: params.token, state: token.success ? await context.services.enquiries.confirmationLinkState(token.data) : ("invalid" as const) };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Card className="sm:p-10">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        {state === "pending" ? (
          <>
            <p className="mt-3 mb-6 text-ink-700">{copy.pending}</p>
            <NewsletterLinkAction path="newsletter/confirm/" body={{ token }} label={copy.action} fallbackError={copy.invalid} />
          </>
        ) : (
          <p className="mt-3 text-ink-700">{copy[state]}</p>
        )}
      </Card>
    </div>
  );
}
