import { useEffect, useState } from "react";
import { ConfirmButton } from "#app/components/pages/ConfirmButton.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { PolicyDates } from "#app/components/pages/PolicyDates.tsx";
import { Switch } from "#app/components/pages/Switch.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { COOKIE_CATEGORY_IDS, cookiePolicy } from "#app/content/cookies.ts";
import type { CookiesContent } from "#contracts/site-content.ts";
import { DEFAULT_COOKIE_CHOICES, readCookieChoices, REJECTED_COOKIE_CHOICES, saveCookieChoices, type CookieChoices } from "#app/lib/cookie-consent.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/legal.cookies";

export const meta = () => seo({ ...cookiePolicy.seo, path: "/cookies" });

/** The policies' dates as staff last published them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ effective, updated }, policy] = await Promise.all([siteContentFor(request, context, "legal"), siteContentFor(request, context, "cookies")]);
  return { dates: { effective, updated }, policy };
}

/** How long 'Preferences Saved!' shows. */
export const PREFERENCES_CONFIRMATION_MS = 3000;

export function CookiePreferences({ categories }: { categories: CookiesContent["categories"] }) {
  // The page is rendered with the defaults; the browser then shows what this visitor chose.
  const [choices, setChoices] = useState<CookieChoices>(DEFAULT_COOKIE_CHOICES);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the choices kept in this browser replace the defaults once the page is live
  useEffect(() => setChoices(readCookieChoices()), []);

  return (
    <div className="space-y-4">
      {COOKIE_CATEGORY_IDS.map((id) => {
        const category = { id, ...categories[id] };
        const titleId = `cookie-${category.id}-title`;
        return (
          <Card key={category.id} className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {category.title}
              </h2>
              <p className="mt-1 text-ink-700">{category.description}</p>
              <p className="mt-2 text-sm text-ink-700">{category.examples}</p>
            </div>
            {category.id === "essential" ? (
              <Badge tone="success" className="shrink-0 self-start">
                {cookiePolicy.alwaysActive}
              </Badge>
            ) : (
              <Switch
                labelledBy={titleId}
                checked={choices[category.id]}
                onChange={(allowed) => setChoices((current) => ({ ...current, [category.id]: allowed }))}
                onLabel={cookiePolicy.allowed}
                offLabel={cookiePolicy.blocked}
              />
            )}
          </Card>
        );
      })}
      <div className="flex flex-wrap gap-3 pt-4">
        <ConfirmButton
          label={cookiePolicy.save}
          confirmation={cookiePolicy.saved}
          durationMs={PREFERENCES_CONFIRMATION_MS}
          onConfirm={() => saveCookieChoices(choices)}
        />
        <Button
          variant="secondary"
          onClick={() => {
            setChoices(REJECTED_COOKIE_CHOICES);
            saveCookieChoices(REJECTED_COOKIE_CHOICES);
          }}
        >
          {cookiePolicy.rejectAll}
        </Button>
      </div>
    </div>
  );
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  return (
    <>
      <PageHero eyebrow={cookiePolicy.eyebrow} title={cookiePolicy.title} intro={policy.intro}>
        <PolicyDates dates={loaderData.dates} />
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-16 sm:px-6">
        <CookiePreferences categories={policy.categories} />
        <section aria-labelledby="managing-title">
          <h2 id="managing-title" className="text-xl font-semibold">
            {policy.managing.title}
          </h2>
          <p className="mt-2 text-ink-700">{policy.managing.text}</p>
        </section>
      </div>
    </>
  );
}
