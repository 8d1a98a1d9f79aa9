import { Badge, type BadgeTone } from "../ui/Badge";

const tones: Record<string, BadgeTone> = {
  new: "warning",
  handled: "success",
  open: "success",
  draft: "info",
  closed: "neutral",
  waiting: "info",
  spam: "accent",
  screening: "info",
  interview: "info",
  offer: "accent",
  rejected: "neutral",
  withdrawn: "neutral",
  hired: "success",
  pending: "warning",
  confirmed: "success",
  unsubscribed: "neutral",
  scheduled: "info",
  sending: "warning",
  paused: "neutral",
  sent: "success",
};

/** A record's status in the same colour on every admin screen: waiting is amber, done is green, ended is grey. */
export function StatusBadge({ status, label = status }: { status: string; label?: string }) {
  return <Badge tone={tones[status] ?? "neutral"}>{label}</Badge>;
}
