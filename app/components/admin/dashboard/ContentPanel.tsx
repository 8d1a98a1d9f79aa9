import type { DashboardRange } from "#contracts/dashboard.ts";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi } from "#app/lib/api/admin-client.ts";
import { AdminTable, cellClass } from "../AdminTable";
import { Loading, PanelHeading, percent } from "./parts";
import { useLoad } from "./useLoad";

const copy = dashboardCopy.content;

/** Content Tracking: the most viewed pages, and how many visits to each form page end in a submission. */
export function ContentPanel({ range }: { range: DashboardRange }) {
  const report = useLoad(() => dashboardApi.content(range), range);
  return (
    <Loading loaded={report}>
      {(data) => (
        <div className="space-y-8">
          <section>
            <PanelHeading>{copy.topPages}</PanelHeading>
            {data.topPages.length === 0 ? (
              <p className="text-ink-700">{copy.noPages}</p>
            ) : (
              <AdminTable caption={copy.topPages} headings={copy.topPagesHeadings}>
                {data.topPages.map((page) => (
                  <tr key={page.path}>
                    <td className={`${cellClass} font-mono text-xs wrap-break-word`}>{page.path}</td>
                    <td className={cellClass}>{page.views}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
          <section>
            <PanelHeading>{copy.conversions}</PanelHeading>
            <p className="mb-3 max-w-3xl text-sm text-ink-700">{copy.conversionNote}</p>
            <AdminTable caption={copy.conversions} headings={copy.conversionHeadings}>
              {data.conversions.map((row) => (
                <tr key={row.form}>
                  <td className={`${cellClass} font-medium`}>{row.form}</td>
                  <td className={`${cellClass} font-mono text-xs`}>{row.page}</td>
                  <td className={cellClass}>{row.views}</td>
                  <td className={cellClass}>{row.submissions}</td>
                  <td className={`${cellClass} font-semibold`}>{percent(row.rate, copy.noRate)}</td>
                </tr>
              ))}
            </AdminTable>
          </section>
        </div>
      )}
    </Loading>
  );
}
