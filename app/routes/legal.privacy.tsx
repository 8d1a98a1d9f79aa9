import { Ban, Send } from "lucide-react";
import { useState } from "react";
import { ConfirmButton } from "~/components/pages/ConfirmButton";
import { PageHero } from "~/components/ui/PageHero";
import { PolicyDates } from "~/components/pages/PolicyDates";
import { Card } from "~/components/ui/Card";
import { Tabs } from "~/components/ui/Tabs";
import { privacy, type PrivacyTab } from "~/content/legal";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...privacy.seo, path: "/privacy" });

/** How long 'Request Submitted!' shows. */
export const DATA_REQUEST_CONFIRMATION_MS = 3000;

function ItemGrid({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-ink-700">{item.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function PrivacyTabs() {
  const [tab, setTab] = useState<PrivacyTab>("data");
  const { collection, use, rights } = privacy;
  return (
    <Tabs label="Privacy policy" tabs={privacy.tabs} selected={tab} onSelect={setTab}>
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
          <div className="flex flex-col items-start gap-4 rounded-card bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-semibold">{rights.responseTime}</p>
            <ConfirmButton
              label={rights.action}
              confirmation={rights.confirmation}
              durationMs={DATA_REQUEST_CONFIRMATION_MS}
              icon={<Send className="size-4" aria-hidden="true" />}
            />
          </div>
        </div>
      )}
    </Tabs>
  );
}

export default function Privacy() {
  return (
    <>
      <PageHero eyebrow={privacy.eyebrow} title={privacy.title} intro={privacy.intro}>
        <PolicyDates />
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <PrivacyTabs />
      </div>
    </>
  );
}
