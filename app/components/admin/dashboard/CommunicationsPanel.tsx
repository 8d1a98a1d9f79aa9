import type { DashboardRange } from "#contracts/dashboard.ts";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi } from "#app/lib/api/admin-client.ts";
import { stackedTable, tableBoxClass } from "../AdminTable";
import { Loading, PanelHeading, percent, periodLabel, StatTile } from "./parts";
import { useLoad } from "./useLoad";

const copy = dashboardCopy.communications;

/** Communications: what the outbox sent, newsletter confirmations, and how the newsletters sent were read. */
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
          <section>
            <dl className="grid gap-4 sm:grid-cols-2">
              <StatTile label={copy.openRate} value={percent(data.campaigns.openRate, copy.noNewsletter)} note={copy.openRateWhy} />
              <StatTile label={copy.clickRate} value={percent(data.campaigns.clickRate, copy.noNewsletter)} note={copy.clickRateWhy} />
            </dl>
          </section>
          <section>
            <PanelHeading>{copy.campaigns}</PanelHeading>
            {data.campaigns.list.length === 0 ? (
              <p className="text-ink-700">{copy.noCampaigns}</p>
            ) : (
              <div className={`${tableBoxClass} overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100`}>
                <table aria-label={copy.campaigns} className="admin-table w-full text-left text-sm" style={stackedTable(Object.values(copy.columns)).style}>
                  <thead className="border-b border-ink-100 text-ink-700">
                    <tr>
                      {Object.values(copy.columns).map((label) => (
                        <th key={label} scope="col" className="px-4 py-3 font-medium">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.campaigns.list.map((campaign) => (
                      <tr key={campaign.id} className="border-b border-ink-100 last:border-0">
                        <th scope="row" className="px-4 py-3 font-medium">
                          <a href={`/admin/campaigns/${campaign.id}`} className="text-indigo-700 underline">
                            {campaign.subject}
                          </a>
                        </th>
                        <td className="px-4 py-3">{periodLabel(campaign.started_at, "day")}</td>
                        <td className="px-4 py-3">{campaign.sent}</td>
                        <td className="px-4 py-3">{campaign.opens}</td>
                        <td className="px-4 py-3">{campaign.clicks}</td>
                        <td className="px-4 py-3">{campaign.unsubscribes}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </Loading>
  );
}
