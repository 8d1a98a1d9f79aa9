import { ArrowDownRight, ArrowUpRight, Minus, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { DashboardRange, DetailMetric, MetricFigure, ResponseFigures } from "#contracts/dashboard.ts";
import { buttonClasses } from "#app/components/ui/Button.tsx";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi } from "#app/lib/api/admin-client.ts";
import { formatAdminDate } from "#app/lib/admin-session.ts";
import { AdminTable, cellClass } from "../AdminTable";
import { Loading, PanelHeading, StatTile, percent } from "./parts";
import { useLoad } from "./useLoad";
import { Address } from "#app/components/ui/Address.tsx";

/** "+12.5%", "-50%", "0%", or "New" when the range before had nothing to compare with. */
export function formatChange(change: number | null) {
  if (change === null) return dashboardCopy.newChange;
  const magnitude = Math.abs(change).toLocaleString("en-US", { maximumFractionDigits: 1 });
  return change > 0 ? `+${magnitude}%` : change < 0 ? `-${magnitude}%` : "0%";
}

function Change({ change }: { change: number | null }) {
  const tone = change === null ? "text-indigo-700" : change > 0 ? "text-emerald-700" : change < 0 ? "text-red-700" : "text-ink-700";
  const Icon = change === null ? Sparkles : change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-semibold ${tone}`}>
      <Icon className="size-4" aria-hidden="true" />
      {formatChange(change)}
    </span>
  );
}

function MetricCard({ figure, onOpen }: { figure: MetricFigure; onOpen: () => void }) {
  const label = dashboardCopy.metrics[figure.metric];
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group flex h-full w-full flex-col justify-start rounded-card bg-white p-4 text-left sm:p-5 shadow-card ring-1 ring-ink-100 transition-shadow duration-200 hover:shadow-card-hover focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="block text-sm font-medium text-ink-700">{label}</span>
      <span className="mt-2 block text-3xl font-bold text-ink-900">{figure.count.toLocaleString("en-US")}</span>
      <span className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-ink-700">
        <Change change={figure.change} />
        {dashboardCopy.vsPrevious}
      </span>
      {figure.pending !== undefined && <span className="mt-1 block text-xs text-ink-700">{dashboardCopy.pendingSubs(figure.pending)}</span>}
    </button>
  );
}

/** How the promise to answer within 24 hours was kept in the range, and what is overdue now. */
export function ResponseTimes({ figures }: { figures: ResponseFigures }) {
  const copy = dashboardCopy.responseTimes;
  return (
    <section>
      <PanelHeading>{copy.title}</PanelHeading>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatTile
          label={copy.median}
          value={
            // "3 h 20 min" is longer than the other figures: smaller, and on one line in the narrow tile.
            <span className="text-2xl whitespace-nowrap">{figures.medianSeconds === null ? copy.none : copy.duration(figures.medianSeconds)}</span>
          }
          note={copy.medianNote}
        />
        <StatTile label={copy.withinDay} value={percent(figures.withinDayPercent, copy.none)} note={copy.withinDayNote} />
        <StatTile
          label={copy.overdue}
          value={
            // Red, and a way to them, only when something is overdue: nothing overdue is good news, told plainly.
            figures.overdue > 0 ? (
              <Link
                to="/admin/enquiries?overdue=yes"
                aria-label={copy.overdueLink(figures.overdue)}
                className="rounded text-crimson-700 underline decoration-2 underline-offset-4 hover:text-crimson-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {figures.overdue.toLocaleString("en-US")}
              </Link>
            ) : (
              "0"
            )
          }
          note={copy.overdueNote}
        />
      </dl>
    </section>
  );
}

/** The Dashboard tab: the cards in the spec's three groups, the response times, then Recent Activities. */
export function OverviewPanel({ range, onOpen }: { range: DashboardRange; onOpen: (metric: DetailMetric) => void }) {
  const overview = useLoad(() => dashboardApi.overview(range), range);
  const { activities } = dashboardCopy;
  return (
    <Loading loaded={overview}>
      {(data) => {
        const byMetric = new Map(data.metrics.map((figure) => [figure.metric, figure]));
        return (
          <div className="space-y-8">
            {/* The server answers only the figures of the signed-in role's areas; a group with none of them is left out. */}
            {dashboardCopy.groups
              .map((group) => ({ ...group, figures: group.metrics.flatMap((metric) => byMetric.get(metric) ?? []) }))
              .filter((group) => group.figures.length > 0)
              .map((group) => (
                <section key={group.title}>
                  <PanelHeading>{group.title}</PanelHeading>
                  <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
                    {group.figures.map((figure) => (
                      <li key={figure.metric}>
                        <MetricCard figure={figure} onOpen={() => onOpen(figure.metric)} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            {data.responseTimes && <ResponseTimes figures={data.responseTimes} />}
            <section>
              <PanelHeading>{activities.title}</PanelHeading>
              {data.activities.length === 0 ? (
                <p className="text-ink-700">{activities.empty}</p>
              ) : (
                <AdminTable caption={activities.title} headings={activities.headings}>
                  {data.activities.map((activity, index) => {
                    const type = activities.types[activity.type];
                    return (
                      <tr key={`${activity.time}-${index}`}>
                        <td className={`${cellClass} font-medium`}>{type}</td>
                        <td className={`${cellClass} wrap-break-word`}>
                          <Address>{activity.user}</Address>
                        </td>
                        <td className={cellClass}>{formatAdminDate(activity.time)}</td>
                        <td className={cellClass}>
                          <Link to={activity.href} className={buttonClasses("secondary", "sm")} aria-label={activities.viewLabel(type, activity.user)}>
                            {activities.view}
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </AdminTable>
              )}
            </section>
          </div>
        );
      }}
    </Loading>
  );
}
