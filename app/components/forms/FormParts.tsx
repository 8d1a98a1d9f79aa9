import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { HONEYPOT_FIELD } from "#contracts/honeypot.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import type { useSubmission } from "./useSubmission";

/**
 * The trap for bots: off-screen, out of the tab order and hidden from assistive technology, so no
 * person fills it in. A value in it makes the server refuse the submission.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The honeypot's value, sent only when something filled it in. */
export function honeypotOf(form: HTMLFormElement): Record<string, string> {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === "string" && value ? { [HONEYPOT_FIELD]: value } : {};
}

export function SubmitButton({
  submission,
  doneLabel,
  children,
  className = "",
}: {
  submission: ReturnType<typeof useSubmission>;
  doneLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  const { submitting, confirming } = submission;
  return (
    <Button type="submit" disabled={submitting} className={className}>
      {submitting ? (
        <>
          <Spinner label="Sending" className="size-4" /> Sending...
        </>
      ) : confirming && doneLabel ? (
        <>
          <Check className="size-4" aria-hidden="true" /> {doneLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The result of the last submission, if any. */
export function SubmissionMessage({ submission, dismissible = false }: { submission: ReturnType<typeof useSubmission>; dismissible?: boolean }) {
  const { status, message, dismiss } = submission;
  if ((status !== "success" && status !== "error") || !message) return null;
  return (
    <Alert tone={status === "success" ? "success" : "error"} onDismiss={dismissible ? dismiss : undefined}>
      {message}
    </Alert>
  );
}

/** Controlled text fields with one setter, and a reset for after success. */
export function bindFields<T extends Record<string, string>>(values: T, setValues: (update: (previous: T) => T) => void) {
  return <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });
}
