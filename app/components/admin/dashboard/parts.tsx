import type { ReactNode } from "react";
import { COMPANY_TIME_ZONE } from "#contracts/dashboard-options.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { dashboardCopy } from "#app/content/dashboard.ts";
import type { Loaded } from "./useLoad";

/** A panel's data as it arrives: a spinner at first, an error with a retry, then the content (kept while it reloads). */
export function Loading<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: NoInfer<T>) => ReactNode }) {
  return (
    <div aria-busy={loaded.loading}>
      {loaded.error && (
        <Alert tone="error" className="mb-4">
          {dashboardCopy.loadFailed} {loaded.error}{" "}
          <button type="button" onClick={loaded.reload} className="font-semibold underline">
            {dashboardCopy.retry}
          </button>
        </Alert>
      )}
      {loaded.data === undefined ? (
        !loaded.error && (
          <p className="flex items-center gap-2 py-8 text-ink-700">
            <Spinner label={dashboardCopy.loading} /> {dashboardCopy.loading}
          </p>
        )
      ) : (
        <div className={`transition-opacity duration-200 ${loaded.loading ? "opacity-60" : ""}`}>{children(loaded.data)}</div>
      )}
    </div>
  );
}

/** One figure with its label, and an optional line under it. */
export function StatTile({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
      <dt className="text-sm font-medium text-ink-700">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-ink-900">{value}</dd>
      {note && <dd className="mt-1 text-sm text-ink-700">{note}</dd>}
    </div>
  );
}

export function PanelHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-lg font-semibold">{children}</h3>;
}

/** A percentage with one decimal, or what to say when there is none. */
export const percent = (value: number | null, none: string) => (value === null ? none : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`);

/** Short labels for trend points in the company's time zone, where their periods are cut: an hour for the last 24 hours, else a day. */
export function periodLabel(iso: string, bucket: "hour" | "day") {
  const date = new Date(iso);
  return bucket === "hour"
    ? date.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: COMPANY_TIME_ZONE })
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: COMPANY_TIME_ZONE });
}
