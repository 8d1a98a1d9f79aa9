import { BarChart3, Database, FileText, LayoutDashboard, Mail, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { roleMayUse, type AdminArea, type AdminRole } from "#contracts/admin-roles.ts";
import type { DetailMetric } from "#contracts/dashboard.ts";
import { DEFAULT_RANGE, type DashboardRange } from "#contracts/dashboard-options.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { dashboardCopy, type DashboardTab } from "#app/content/dashboard.ts";
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
 * The admin dashboard: its five sections (those of the role's areas) as tabs above the figures, so the admin frame's
 * side navigation stays the page's only side menu; a time range that every figure follows; and the details overlay
 * of a metric. Switching section closes the overlay.
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
    <>
      <Tabs
        label={dashboardCopy.menuLabel}
        tabs={tabs.map((item) => {
          const Icon = icons[item.id];
          return {
            id: item.id,
            label: (
              <span className="inline-flex items-center gap-2 whitespace-nowrap">
                <Icon className="size-4" aria-hidden="true" />
                {item.label}
              </span>
            ),
          };
        })}
        selected={tab}
        onSelect={switchTo}
      >
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
      </Tabs>
      {overlay && <DetailsDialog metric={overlay} range={range} mayExport={roleMayUse(role, "exports")} onClose={() => setOverlay(undefined)} />}
    </>
  );
}
