import { BarChart3, Database, FileText, LayoutDashboard, Mail, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { roleMayUse, type AdminArea, type AdminRole } from "@contracts/admin-roles";
import type { DetailMetric } from "@contracts/dashboard";
import { DEFAULT_RANGE, type DashboardRange } from "@contracts/dashboard-options";
import { Field } from "~/components/ui/Field";
import { dashboardCopy, type DashboardTab } from "~/content/dashboard";
import { CommunicationsPanel } from "./CommunicationsPanel";
import { ContentPanel } from "./ContentPanel";
import { DetailsDialog } from "./DetailsDialog";
import { ExportPanel } from "./ExportPanel";
import { OverviewPanel } from "./OverviewPanel";
import { UsersPanel } from "./UsersPanel";

const icons: Record<DashboardTab, LucideIcon> = { dashboard: LayoutDashboard, users: BarChart3, content: FileText, communications: Mail, database: Database };
/** The area each section belongs to; the server refuses the others' calls to a role without it. */
const tabAreas: Record<DashboardTab, AdminArea> = {
  dashboard: "dashboard",
  users: "dashboard",
  content: "dashboard",
  communications: "subscribers",
  database: "exports",
};

/**
 * The admin dashboard: a side menu of five sections (those of the role's areas), a time range that
 * every figure follows, and the details overlay of a metric. Switching section closes the overlay.
 */
export function AdminDashboard({ role }: { role: AdminRole }) {
  const [tab, setTab] = useState<DashboardTab>("dashboard");
  const [range, setRange] = useState<DashboardRange>(DEFAULT_RANGE);
  const [overlay, setOverlay] = useState<DetailMetric>();
  const tabs = dashboardCopy.tabs.filter((item) => roleMayUse(role, tabAreas[item.id]));
  const current = tabs.find((item) => item.id === tab)!;

  function switchTo(next: DashboardTab) {
    setOverlay(undefined);
    setTab(next);
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={dashboardCopy.menuLabel} className="min-w-0">
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:px-0">
          {tabs.map((item) => {
            const Icon = icons[item.id];
            const active = item.id === tab;
            return (
              <li key={item.id} className="shrink-0">
                <button
                  type="button"
                  aria-current={active ? "page" : undefined}
                  onClick={() => switchTo(item.id)}
                  className={`flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-semibold whitespace-nowrap transition-colors duration-200 ${
                    active ? "bg-white text-ink-900 shadow-card ring-1 ring-ink-100" : "text-ink-700 hover:bg-white/70 hover:text-ink-900"
                  }`}
                >
                  <Icon className={`size-4 ${active ? "text-crimson-600" : ""}`} aria-hidden="true" />
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 className="text-xl font-bold sm:text-2xl">{current.heading}</h2>
          <Field
            as="select"
            label={dashboardCopy.rangeLabel}
            value={range}
            onChange={(event) => setRange(event.target.value as DashboardRange)}
            className="w-40"
          >
            {dashboardCopy.ranges.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Field>
        </div>
        {tab === "dashboard" && <OverviewPanel range={range} onOpen={setOverlay} />}
        {tab === "users" && <UsersPanel range={range} />}
        {tab === "content" && <ContentPanel range={range} />}
        {tab === "communications" && <CommunicationsPanel range={range} />}
        {tab === "database" && <ExportPanel range={range} />}
      </div>
      {overlay && <DetailsDialog metric={overlay} range={range} mayExport={roleMayUse(role, "exports")} onClose={() => setOverlay(undefined)} />}
    </div>
  );
}
