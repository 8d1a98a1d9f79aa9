import { Ban } from "lucide-react";
import { useState } from "react";
import { useBrowserValue } from "#app/components/account/useHydrated.ts";
import { DataRequestForm, dataRequestForm, type DataRequestResult } from "#app/components/pages/DataRequestForm.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { PolicyDates } from "#app/components/pages/PolicyDates.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { privacy, type PrivacyTab } from "#app/content/legal.ts";
import type { PrivacyContent } from "#contracts/site-content.ts";
import { enquiryAction } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import type { Route } from "./+types/legal.privacy";

export const meta = () => seo({ ...privacy.seo, path: "/privacy" });

/** The policy's words and the policies' dates as staff last published them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ effective, updated }, policy] = await Promise.all([siteContentFor(request, context, "legal"), siteContentFor(request, context, "privacy")]);
  return { dates: { effective, updated }, policy };
}

/** A data request posted before or without the page's script (decision 029). */
export const action = enquiryAction(dataRequestForm);

function ItemGrid({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item, i) => (
        <li key={i}>
          <Card className="h-full">
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-ink-700">{item.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A link to /privacy?tab=rights (the GDPR page's "Ask for erasure") opens Your Rights. */
const linkedTab = () => new URLSearchParams(window.location.search).get("tab") === "rights";

/**
 * Your Rights holds the data request form. Tabs need a script: the form is also drawn under them,
 * shown only where scripts do not run, so a request can be sent by a plain post to this page.
 */
export function PrivacyTabs({ policy, result }: { policy: PrivacyContent; result?: DataRequestResult }) {
  const [chosen, setChosen] = useState<PrivacyTab>();
  const linked = useBrowserValue(linkedTab, undefined);
  const tab = chosen ?? (result || linked ? "rights" : "data");
  const { collection, use, rights } = policy;
  return (
    <Tabs label="Privacy policy" tabs={privacy.tabs} selected={tab} onSelect={setChosen}>
      {tab === "data" && (
        <div className="space-y-6">
          <h2 className="text-xl font-bold sm:text-2xl">{collection.title}</h2>
          <p className="text-ink-700">{collection.intro}</p>
          <ItemGrid items={collection.kinds} />
          <p className="flex items-center gap-3 rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900">
            <Ban className="size-5 shrink-0" aria-hidden="true" />
            {collection.neverSold}
          </p>
        </div>
      )}
      {tab === "use" && (
        <div className="space-y-6">
          <h2 className="text-xl font-bold sm:text-2xl">{use.title}</h2>
          <p className="text-ink-700">{use.intro}</p>
          <ItemGrid items={use.purposes} />
        </div>
      )}
      {tab === "rights" && (
        <div className="space-y-6">
          <h2 className="text-xl font-bold sm:text-2xl">{rights.title}</h2>
          <p className="text-ink-700">{rights.intro}</p>
          <ItemGrid items={rights.list} />
          <div className="space-y-4 rounded-card bg-surface p-6">
            <p className="font-semibold">{rights.responseTime}</p>
            <DataRequestForm result={result} id="data-request-title" />
          </div>
        </div>
      )}
    </Tabs>
  );
}

function PrivacyPolicy({ policy, result }: { policy: PrivacyContent; result?: DataRequestResult }) {
  return (
    <>
      <PrivacyTabs policy={policy} result={result} />
      {!result && (
        <div className="mt-12 hidden space-y-4 rounded-card bg-surface p-6 noscript:block">
          <p className="font-semibold">{policy.rights.responseTime}</p>
          <DataRequestForm id="data-request-title-without-script" startOpen />
        </div>
      )}
    </>
  );
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={privacy.eyebrow} title={privacy.title} intro={loaderData.policy.intro}>
        <PolicyDates dates={loaderData.dates} />
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <PrivacyPolicy policy={loaderData.policy} result={actionData} />
      </div>
    </>
  );
}
