import { Copy } from "lucide-react";
import type { ButtonVariant } from "#app/components/ui/Button.tsx";
import { ConfirmButton } from "./ConfirmButton";

/** How long "Copied!" shows after a copy. */
export const COPY_CONFIRMATION_MS = 2000;

/** Puts `text` on the visitor's clipboard and says 'Copied!' for two seconds. */
export function CopyButton({
  text,
  label = "Copy",
  variant = "secondary",
  className,
}: {
  text: string;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <ConfirmButton
      label={label}
      confirmation="Copied!"
      durationMs={COPY_CONFIRMATION_MS}
      onConfirm={() => navigator.clipboard.writeText(text)}
      icon={<Copy className="size-4" aria-hidden="true" />}
      variant={variant}
      size="sm"
      className={className}
    />
  );
}
