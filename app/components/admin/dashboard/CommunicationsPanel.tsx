import type { DashboardRange } from "@contracts/dashboard";
import { dashboardCopy } from "~/content/dashboard";
import { dashboardApi } from "~/lib/api/admin-client";
import { Loading, PanelHeading, percent, StatTile } from "./parts";
import { useLoad } from "./useLoad";

const copy = dashboardCopy.communications;

/** Communications: what the outbox sent, newsletter confirmations, and an honest word on what is not measured. */
export function CommunicationsPanel({ range }: { range: DashboardRange }) {
  const report = useLoad(() => dashboardApi.communications(range), range);
  return (
    <Loading loaded={report}>
      {(data) => (
        <div className="space-y-8">
          <section>
            <PanelHeading>{copy.mail}</PanelHeading>
            <dl className="grid gap-4 sm:grid-cols-3">
              <StatTile label={copy.sent} value={data.mail.sent} />
              <StatTile label={copy.failed} value={data.mail.failed} />
              <StatTile label={copy.pending} value={data.mail.pending} />
            </dl>
          </section>
          <section>
            <PanelHeading>{copy.newsletter}</PanelHeading>
            <dl className="grid gap-4 sm:grid-cols-3">
              <StatTile label={copy.signUps} value={data.newsletter.signUps} />
              <StatTile label={copy.confirmed} value={data.newsletter.confirmed} />
              <StatTile label={copy.confirmationRate} value={percent(data.newsletter.rate, copy.noRate)} />
            </dl>
          </section>
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatTile label={copy.openRate} value={copy.notTracked} note={copy.openRateWhy} />
            <StatTile label={copy.clickRate} value={copy.notTracked} note={copy.clickRateWhy} />
          </dl>
        </div>
      )}
    </Loading>
  );
}
