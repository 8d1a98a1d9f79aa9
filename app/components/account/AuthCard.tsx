import { useState, type MouseEvent, type ReactNode } from "react";
import { SOCIAL_PROVIDERS, socialStartPath, type SocialProvider } from "#contracts/social-providers.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { account } from "#app/content/account.ts";
import { fetchSocialProviders } from "#app/lib/api/account-client.ts";

/**
 * The frame of every account screen: a centred card on a soft band, with the page's one heading. The
 * band fills the screen, so the footer stays out of sight while the card's answer arrives (a
 * verification's outcome, the screen a session sends the visitor to): nothing in view moves.
 */
export function AuthCard({ heading, intro, children, footer }: { heading: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="min-h-svh bg-surface px-4 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-md rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">{heading}</h1>
        {intro && <p className="mt-2 text-ink-700">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-ink-100 pt-6 text-center text-sm text-ink-700">{footer}</div>}
      </div>
    </section>
  );
}

/**
 * Sign-in with other providers (decision 047). Each is a link to the server's start of that provider's
 * sign-in, so it works before and without the page's script; with it, a provider that is not configured
 * says so here rather than sending the visitor away to be told.
 */
export function SocialButtons({ label }: { label: string }) {
  const [unavailable, setUnavailable] = useState<string>();

  async function choose(event: MouseEvent<HTMLAnchorElement>, provider: SocialProvider) {
    // A new tab or window is the browser's to open; the server answers there as it does without the script.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const start = event.currentTarget.href;
    // When the server cannot be asked, it is left to answer the start itself.
    const configured = await fetchSocialProviders().then(
      (providers) => providers[provider],
      () => true,
    );
    if (configured) window.location.assign(start);
    else setUnavailable(account.socialSignIn.problems.unavailable(account.social[provider]));
  }

  return (
    <div className="mt-6">
      <p className="relative text-center text-sm text-ink-700">{label}</p>
      <ul className="mt-3 grid grid-cols-3 gap-3">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <a
              href={socialStartPath(provider)}
              onClick={(event) => void choose(event, provider)}
              className="flex h-11 items-center justify-center rounded-full text-sm font-semibold text-ink-900 ring-1 ring-ink-200 ring-inset hover:bg-ink-100"
            >
              <span className="sr-only">{label} </span>
              {account.social[provider]}
            </a>
          </li>
        ))}
      </ul>
      {unavailable && (
        <Alert tone="info" className="mt-3">
          {unavailable}
        </Alert>
      )}
    </div>
  );
}

export const textLink = "font-semibold text-indigo-600 underline-offset-2 hover:underline";
