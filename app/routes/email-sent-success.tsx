import { MailCheck } from "lucide-react";
import { redirect } from "react-router";
import { AuthCard } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { webmailFor } from "#app/components/account/webmail.ts";
import { buttonClasses } from "#app/components/ui/Button.tsx";
import { NewTabLink } from "#app/components/ui/NewTabLink.tsx";
import { account } from "#app/content/account.ts";
import type { Route } from "./+types/email-sent-success";

const copy = account.emailSent;

export const meta = () => accountMeta({ title: copy.title, description: copy.heading, path: "/email-sent-success" });

/**
 * Visitors arrive here from outside the site, with the address in the query string: the server
 * renders the message whole, and sends a visit without an address home before any page is drawn.
 */
export function loader({ request }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email");
  if (!email) throw redirect("/");
  return { email };
}

export default function EmailSentSuccess({ loaderData: { email } }: Route.ComponentProps) {
  return (
    <AuthCard heading={copy.heading}>
      <MailCheck className="mb-4 size-10 text-emerald-700" aria-hidden="true" />
      <p className="text-ink-700">{copy.text(email)}</p>
      <NewTabLink href={webmailFor(email)} className={buttonClasses("primary", "md", "mt-6 w-full")}>
        {copy.open}
      </NewTabLink>
    </AuthCard>
  );
}
