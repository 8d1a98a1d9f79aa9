import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "#app/components/ui/Button.tsx";
import { useTimedFlag } from "#app/lib/use-timed-flag.ts";

interface ConfirmButtonProps {
  label: ReactNode;
  /** What the button says for `durationMs` after a press. */
  confirmation: string;
  durationMs: number;
  /** Runs on each press, before the confirmation shows. */
  onConfirm?: () => void | Promise<void>;
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** "submit" in a form that does the work itself (a download), which the press then confirms. */
  type?: "button" | "submit";
}

/**
 * A button that answers a press by saying what happened ("Copied!", "Request Submitted!") for a
 * moment, then goes back to its label. The change is announced to screen readers.
 */
export function ConfirmButton({ label, confirmation, durationMs, onConfirm, icon, variant, size, className, type = "button" }: ConfirmButtonProps) {
  const [confirmed, confirm] = useTimedFlag(durationMs);
  const press = async () => {
    try {
      await onConfirm?.();
    } catch {
      return; // nothing happened (e.g. the clipboard was refused), so nothing is confirmed
    }
    confirm();
  };
  return (
    <Button type={type} variant={variant} size={size} className={className} onClick={() => void press()}>
      {confirmed ? <Check className="size-4" aria-hidden="true" /> : icon}
      <span aria-live="polite">{confirmed ? confirmation : label}</span>
    </Button>
  );
}
