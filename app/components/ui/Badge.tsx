import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "accent" | "success" | "info" | "warning";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-ink-100 text-ink-800",
  accent: "bg-crimson-100 text-crimson-700",
  success: "bg-emerald-100 text-emerald-800",
  info: "bg-indigo-100 text-indigo-800",
  warning: "bg-amber-100 text-amber-900",
};

export function Badge({ tone = "neutral", children, className = "" }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]} ${className}`}>{children}</span>;
}
