import type { DashboardRange } from "#contracts/dashboard.ts";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi } from "#app/lib/api/admin-client.ts";
import { AdminTable, cellClass } from "../AdminTable";
import { Loading, PanelHeading, percent, periodLabel, StatTile } from "./parts";
import { TrendChart } from "./TrendChart";
import { useLoad } from "./useLoad";
import { Address } from "#app/components/ui/Address.tsx";

const copy = dashboardCopy.users;
const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** User Analytics: visitors and page views per day, the device split and the sites visitors came from. */
export function UsersPanel({ range }: { range: DashboardRange }) {
  const report = useLoad(() => dashboardApi.users(range), range);
  return (
    <Loading loaded={report}>
      {(data) => {
        const visitors = data.days.reduce((sum, day) => sum + day.visitors, 0);
        // The chart shows every day; the table lists only days with visits, newest first.
        const activeDays = data.days.filter((day) => day.pageViews > 0).reverse();
        const share = (part: number) => percent(data.pageViews === 0 ? null : Math.round((part / data.pageViews) * 1000) / 10, "0%");
        return (
          <div className="space-y-8">
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatTile label={copy.pageViews} value={data.pageViews.toLocaleString("en-US")} />
              <StatTile label={copy.visitors} value={visitors.toLocaleString("en-US")} note={copy.visitorsTotal} />
              <StatTile label={copy.mobile} value={data.devices.mobile.toLocaleString("en-US")} note={share(data.devices.mobile)} />
              <StatTile label={copy.desktop} value={data.devices.desktop.toLocaleString("en-US")} note={share(data.devices.desktop)} />
            </dl>
            <section>
              <PanelHeading>{copy.perDay}</PanelHeading>
              <p className="mb-3 text-sm text-ink-700">{copy.visitorsNote}</p>
              <div className="mb-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
                <TrendChart
                  points={data.days.map((day) => ({ start: dayStart(day.day), count: day.visitors }))}
                  bucket="day"
                  summary={`${copy.visitors}: ${data.days.map((day) => `${periodLabel(dayStart(day.day), "day")}: ${day.visitors}`).join(", ")}.`}
                />
              </div>
              {activeDays.length > 0 && (
                <AdminTable caption={copy.perDay} headings={copy.perDayHeadings}>
                  {activeDays.map((day) => (
                    <tr key={day.day}>
                      <td className={cellClass}>{periodLabel(dayStart(day.day), "day")}</td>
                      <td className={cellClass}>{day.visitors}</td>
                      <td className={cellClass}>{day.pageViews}</td>
                    </tr>
                  ))}
                </AdminTable>
              )}
            </section>
            <section>
              <PanelHeading>{copy.referrers}</PanelHeading>
              {data.referrers.length === 0 ? (
                <p className="text-ink-700">{copy.noReferrers}</p>
              ) : (
                <AdminTable caption={copy.referrers} headings={copy.referrerHeadings}>
                  {data.referrers.map((referrer) => (
                    <tr key={referrer.host}>
                      <td className={`${cellClass} wrap-break-word`}>
                        <Address>{referrer.host}</Address>
                      </td>
                      <td className={cellClass}>{referrer.views}</td>
                    </tr>
                  ))}
                </AdminTable>
              )}
            </section>
          </div>
        );
      }}
    </Loading>
  );
}
