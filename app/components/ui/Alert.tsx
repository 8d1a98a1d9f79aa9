import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import type { ReactNode } from "react";

export type AlertTone = "success" | "error" | "info";

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  success: { box: "bg-emerald-50 text-emerald-900 ring-emerald-200", Icon: CircleCheck },
  error: { box: "bg-red-50 text-red-900 ring-red-200", Icon: CircleAlert },
  info: { box: "bg-indigo-50 text-indigo-900 ring-indigo-200", Icon: Info },
};

/** A message about what just happened; errors interrupt assistive technology, the rest wait their turn. */
export function Alert({
  tone = "info",
  children,
  onDismiss,
  className = "",
}: {
  tone?: AlertTone;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex items-start gap-3 rounded-xl p-4 text-sm ring-1 ${box} ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="-m-1 rounded-md p-1 hover:bg-black/5" aria-label="Dismiss">
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
