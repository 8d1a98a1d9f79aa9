import type { DataRequestRow } from "#contracts/privacy.ts";
import { Badge } from "#app/components/ui/Badge.tsx";
import { dataRequestsCopy as copy } from "#app/content/admin-privacy.ts";
import { daysUntil } from "./deadline";

/** An open request's time left, amber in its last week and crimson once overdue; an answered one's status. */
export function DeadlineBadge({ request, now }: { request: DataRequestRow; now: string }) {
  if (request.status !== "open" || !request.dueAt)
    return <Badge tone={request.status === "declined" ? "neutral" : "success"}>{copy.status[request.status]}</Badge>;
  const days = daysUntil(request.dueAt, now);
  if (days < 0) return <Badge tone="accent">{copy.overdue(-days)}</Badge>;
  return <Badge tone={days < 7 ? "warning" : "info"}>{copy.daysLeft(days)}</Badge>;
}
