import { Database, FileJson, FileSpreadsheet } from "lucide-react";
import { useState } from "react";
import { EXPORT_DATASETS, type DashboardRange, type ExportDataset, type ExportRange } from "#contracts/dashboard-options.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { dashboardCopy } from "#app/content/dashboard.ts";
import { dashboardApi, type Download } from "#app/lib/api/admin-client.ts";
import { formatAdminDate } from "#app/lib/admin-session.ts";
import { AdminTable, cellClass } from "../AdminTable";
import { Loading, PanelHeading } from "./parts";
import { saveDownload } from "./save-download";
import { useLoad } from "./useLoad";

const copy = dashboardCopy.exports;

/** What an export's data set is called on screen; metric exports from the overlay use the metric's name. */
function datasetName(dataset: string) {
  if (dataset === "dump") return copy.wholeDatabase;
  return (copy.datasets as Record<string, string>)[dataset] ?? (dashboardCopy.metrics as Record<string, string>)[dataset] ?? dataset;
}

const rangeName = (range: string) => copy.periods.find((option) => option.id === range)?.label ?? "—";

/** Data Export: CSV or JSON of a data set in a period (the header's range at first, or all time), the full database dump, and every export taken so far. */
export function ExportPanel({ range }: { range: DashboardRange }) {
  const [dataset, setDataset] = useState<ExportDataset>("enquiries");
  const [period, setPeriod] = useState<ExportRange>(range);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string }>();
  const [exportsSeen, setExportsSeen] = useState(0);
  const past = useLoad(() => dashboardApi.pastExports(), String(exportsSeen));

  async function run(take: () => Promise<Download>) {
    setBusy(true);
    setOutcome(undefined);
    try {
      const file = await take();
      saveDownload(file);
      setOutcome({ tone: "success", text: copy.done(file.fileName) });
    } catch (failure) {
      setOutcome({ tone: "error", text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
      setExportsSeen((n) => n + 1);
    }
  }

  return (
    <div className="space-y-8">
      <p className="text-ink-700">{copy.intro}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
          <Field as="select" label={copy.datasetLabel} value={dataset} onChange={(event) => setDataset(event.target.value as ExportDataset)}>
            {EXPORT_DATASETS.map((id) => (
              <option key={id} value={id}>
                {copy.datasets[id]}
              </option>
            ))}
          </Field>
          <Field as="select" label={copy.periodLabel} value={period} onChange={(event) => setPeriod(event.target.value as ExportRange)} className="mt-4">
            {copy.periods.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Field>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button disabled={busy} onClick={() => run(() => dashboardApi.exportDataset({ dataset, format: "csv", range: period }))}>
              <FileSpreadsheet className="size-4" aria-hidden="true" />
              {copy.csv}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => run(() => dashboardApi.exportDataset({ dataset, format: "json", range: period }))}>
              <FileJson className="size-4" aria-hidden="true" />
              {copy.json}
            </Button>
          </div>
        </div>
        <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
          <p className="text-sm text-ink-700">{copy.dumpHint}</p>
          <Button className="mt-4" variant="secondary" disabled={busy} onClick={() => run(dashboardApi.dump)}>
            <Database className="size-4" aria-hidden="true" />
            {copy.dump}
          </Button>
        </div>
      </div>
      <div aria-live="polite">
        {busy && <p className="text-ink-700">{copy.working}</p>}
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      <section>
        <PanelHeading>{copy.past}</PanelHeading>
        <Loading loaded={past}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-ink-700">{copy.noPast}</p>
            ) : (
              <AdminTable caption={copy.past} headings={copy.pastHeadings}>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={cellClass}>{formatAdminDate(row.createdAt)}</td>
                    <td className={`${cellClass} font-medium`}>{row.admin}</td>
                    <td className={cellClass}>{datasetName(row.dataset)}</td>
                    <td className={`${cellClass} uppercase`}>{row.format}</td>
                    <td className={cellClass}>{rangeName(row.range)}</td>
                    <td className={cellClass}>{row.rows.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </AdminTable>
            )
          }
        </Loading>
      </section>
    </div>
  );
}
