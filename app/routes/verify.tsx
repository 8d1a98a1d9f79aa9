import { useEffect, useState } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { AuthCard, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { useRedirectAfter } from "#app/components/account/useRedirectAfter.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { account } from "#app/content/account.ts";
import { activate } from "#app/lib/api/account-client.ts";
import type { Route } from "./+types/verify";

const copy = account.verify;

export const meta = () => accountMeta({ title: copy.title, description: copy.verifying, path: "/verify" }, { noReferrer: true });
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export default function Verify({ params }: Route.ComponentProps) {
  const [status, setStatus] = useState<"verifying" | "verified" | "invalid">("verifying");
  useEffect(() => {
    let current = true;
    activate(params.uid, params.token).then(
      () => current && setStatus("verified"),
      () => current && setStatus("invalid"),
    );
    return () => {
      current = false;
    };
  }, [params.uid, params.token]);
  useRedirectAfter(status === "verified", "/login", account.redirectMs);

  return (
    <AuthCard heading={copy.title}>
      {status === "verifying" && (
        <p className="flex items-center gap-3 text-ink-700">
          <Spinner label={copy.verifying} />
          <span aria-hidden="true">{copy.verifying}</span>
        </p>
      )}
      {status === "verified" && <Alert tone="success">{copy.verified}</Alert>}
      {status === "invalid" && (
        <>
          <Alert tone="error">{copy.invalid}</Alert>
          <Link to="/login" className={`${textLink} mt-4 inline-block`}>
            {copy.login}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
