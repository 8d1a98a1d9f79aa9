import { Download, X } from "lucide-react";
// eslint-disable-next-line no-restricted-imports -- every element that points to this id renders with it here, so the server's and the browser's ids never meet (decision 023)
import { useEffect, useId, useRef, useState } from "react";
import type { DashboardRange, DetailMetric } from "#contracts/dashboard.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi } from "#app/lib/api/admin-client.ts";
import { formatAdminDate } from "#app/lib/admin-session.ts";
import { AdminTable, cellClass } from "../AdminTable";
import { Loading, periodLabel } from "./parts";
import { saveDownload } from "./save-download";
import { TrendChart } from "./TrendChart";
import { useLoad } from "./useLoad";
import { Address } from "#app/components/ui/Address.tsx";

const copy = dashboardCopy.details;

/**
 * The details overlay of one metric: a modal dialog (focus moves in, Escape closes, focus returns to
 * what opened it) with the count, the trend, the latest rows and the CSV of every row in the range.
 */
export function DetailsDialog({ metric, range, mayExport, onClose }: { metric: DetailMetric; range: DashboardRange; mayExport: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const label = dashboardCopy.metrics[metric];
  const details = useLoad(() => dashboardApi.details(metric, range), `${metric}|${range}`);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);

  async function exportCsv() {
    setExporting(true);
    setExportError(undefined);
    try {
      saveDownload(await dashboardApi.exportMetric(metric, range));
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setExporting(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-card bg-white p-0 text-ink-900 shadow-card-hover backdrop:bg-ink-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-ink-100 p-5 sm:p-6">
        <h2 id={titleId} className="text-xl font-bold">
          {copy.title(label)}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()} aria-label={copy.close}>
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <div className="p-5 sm:p-6">
        <Loading loaded={details}>
          {(data) => (
            <>
              <dl className="flex flex-wrap items-end gap-x-8 gap-y-2">
                <div>
                  <dt className="text-sm font-medium text-ink-700">{copy.count}</dt>
                  <dd className="text-4xl font-bold" data-testid="details-count">
                    {data.count.toLocaleString("en-US")}
                  </dd>
                </div>
              </dl>
              <h3 className="mt-6 mb-2 text-sm font-semibold text-ink-700">{copy.trend}</h3>
              <TrendChart
                points={data.trend}
                bucket={data.bucket}
                summary={copy.trendSummary(
                  label,
                  data.trend.map((point) => ({ when: periodLabel(point.start, data.bucket), count: point.count })),
                )}
              />
              <h3 className="mt-6 mb-2 text-sm font-semibold text-ink-700">{copy.latest}</h3>
              {data.rows.length === 0 ? (
                <p className="text-ink-700">{copy.empty}</p>
              ) : (
                <AdminTable caption={copy.latest} headings={copy.headings}>
                  {data.rows.map((row) => (
                    <tr key={row.id}>
                      <td className={`${cellClass} max-w-28 truncate font-mono text-xs`} title={row.id}>
                        {row.id}
                      </td>
                      <td className={`${cellClass} wrap-break-word`}>
                        <Address>{row.user}</Address>
                      </td>
                      <td className={cellClass}>{formatAdminDate(row.date)}</td>
                      <td className={cellClass}>{row.device ?? copy.unknownDevice}</td>
                    </tr>
                  ))}
                </AdminTable>
              )}
            </>
          )}
        </Loading>
        {exportError && (
          <Alert tone="error" className="mt-4">
            {exportError}
          </Alert>
        )}
        {mayExport && (
          <div className="mt-6 flex justify-end">
            <Button onClick={exportCsv} disabled={exporting}>
              <Download className="size-4" aria-hidden="true" />
              {exporting ? copy.exporting : copy.export}
            </Button>
          </div>
        )}
      </div>
    </dialog>
  );
}
