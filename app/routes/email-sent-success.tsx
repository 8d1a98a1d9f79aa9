import { ExternalLink, MailCheck } from "lucide-react";
import { Navigate, useSearchParams } from "react-router";
import { AuthCard } from "~/components/account/AuthCard";
import { accountMeta } from "~/components/account/meta";
import { useHydrated } from "~/components/account/useHydrated";
import { webmailFor } from "~/components/account/webmail";
import { buttonClasses } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Spinner";
import { account } from "~/content/account";

const copy = account.emailSent;

export const meta = () => accountMeta({ title: copy.title, description: copy.heading, path: "/email-sent-success" });

export default function EmailSentSuccess() {
  const email = useSearchParams()[0].get("email");
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <AuthCard heading={copy.heading}>
        <Spinner />
      </AuthCard>
    );
  }
  if (!email) return <Navigate to="/" replace />;
  return (
    <AuthCard heading={copy.heading}>
      <MailCheck className="mb-4 size-10 text-emerald-700" aria-hidden="true" />
      <p className="text-ink-700">{copy.text(email)}</p>
      <a href={webmailFor(email)} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "md", "mt-6 w-full")}>
        {copy.open}
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </AuthCard>
  );
}
