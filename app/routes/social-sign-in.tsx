import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SOCIAL_PROVIDERS, SOCIAL_SIGN_IN_PAGE, SOCIAL_SIGN_IN_PROBLEMS, type SocialSignInProblem } from "#contracts/social-providers.ts";
import { AuthCard, SocialButtons, textLink } from "#app/components/account/AuthCard.tsx";
import { accountMeta } from "#app/components/account/meta.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, finishSocialSignIn } from "#app/lib/api/account-client.ts";
import type { Route } from "./+types/social-sign-in";

const copy = account.socialSignIn;

export const meta = () => accountMeta({ title: copy.title, description: copy.description, path: SOCIAL_SIGN_IN_PAGE });
export const headers = () => ({ "Cache-Control": "no-store" });

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => values.includes(value as T);

/**
 * Where a provider sign-in comes back to (decision 047): with a problem, which the server renders whole so
 * it reads the same without JavaScript; or signed in, with a single-use code in a cookie that the script
 * exchanges for the tokens before opening the dashboard.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const problem = query.get("problem");
  const provider = query.get("provider");
  if (!isOneOf(SOCIAL_SIGN_IN_PROBLEMS, problem)) return { problem: undefined };
  return { problem, providerName: isOneOf(SOCIAL_PROVIDERS, provider) ? account.social[provider] : copy.unknownProvider };
}

function Problem({ problem, providerName }: { problem: SocialSignInProblem; providerName: string }) {
  return (
    <>
      <Alert tone="error">{copy.problems[problem](providerName)}</Alert>
      <Link to="/login" className={`${textLink} mt-4 inline-block`}>
        {copy.back}
      </Link>
      <SocialButtons label={account.login.socialLabel} />
    </>
  );
}

function Exchange() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  // The code works once: a second exchange (an effect run twice) would only undo the first one's answer.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finishSocialSignIn().then(
      () => navigate("/dashboard", { replace: true }),
      (caught: unknown) => setFailure((caught instanceof AccountError && caught.detail) || copy.failed),
    );
  }, [navigate]);

  if (failure)
    return (
      <>
        <Alert tone="error">{failure}</Alert>
        <Link to="/login" className={`${textLink} mt-4 inline-block`}>
          {copy.back}
        </Link>
      </>
    );
  return (
    <>
      <p className="flex items-center gap-3 text-ink-700">
        <Spinner label={copy.busy} />
        <span aria-hidden="true">{copy.busy}</span>
      </p>
      <noscript>
        <p className="mt-4 text-ink-700">{copy.needsScript}</p>
      </noscript>
    </>
  );
}

export default function SocialSignIn({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard heading={loaderData.problem ? copy.problemHeading : copy.heading}>
      {loaderData.problem ? <Problem problem={loaderData.problem} providerName={loaderData.providerName} /> : <Exchange />}
    </AuthCard>
  );
}
