import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { CampaignDetail, CampaignStats, CampaignStatus } from "#contracts/campaigns.ts";
import { apiRequest } from "#app/lib/api/client.ts";

/** How often a sending campaign's figures are read again. */
export const PROGRESS_POLL_MS = 2_000;

type Progress = CampaignStats & { status: CampaignStatus };

/** Whether the campaign is going out: sending, or scheduled for a moment already come (its start job runs within seconds). */
const goingOut = (status: CampaignStatus, scheduledAt: string | null) =>
  status === "sending" || (status === "scheduled" && scheduledAt !== null && Date.parse(scheduledAt) <= Date.now() + PROGRESS_POLL_MS);

/**
 * A campaign's figures as they stand: while it is going out, read from its progress call every 2 s.
 * Once its status changes (it started, or it is sent) the page's data is read again, so its status
 * and buttons follow, and the polling ends unless it is still sending. Without the script the page
 * shows the figures of its last load.
 */
export function useCampaignProgress({ id, status, scheduled_at, stats }: Pick<CampaignDetail, "id" | "status" | "scheduled_at" | "stats">): CampaignStats {
  const { revalidate } = useRevalidator();
  const [live, setLive] = useState<{ id: number; status: CampaignStatus; progress: Progress }>();

  useEffect(() => {
    if (!goingOut(status, scheduled_at)) return;
    let stopped = false;
    const timer = setInterval(() => {
      apiRequest<Progress>(`admin/campaigns/${id}/progress/`)
        .then((progress) => {
          if (stopped) return;
          setLive({ id, status, progress });
          if (progress.status === status) return;
          stopped = true;
          clearInterval(timer);
          void revalidate();
        })
        // A missed reading is not shown: the next one comes in 2 s.
        .catch(() => undefined);
    }, PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, status, scheduled_at, revalidate]);

  return live?.id === id && live.status === status ? live.progress : stats;
}
