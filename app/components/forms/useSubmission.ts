import { useCallback, useEffect, useRef, useState } from "react";
import { submissionErrorText } from "#app/lib/api/client.ts";
import { useTimedFlag } from "#app/lib/use-timed-flag.ts";

export type SubmissionStatus = "idle" | "submitting" | "success" | "error";

export interface SubmissionOptions {
  /** Shown when the error carries no text of its own. */
  fallbackError: string;
  /** How long the button says "Sent" or "Submitted" after success (spec: 3 s). */
  confirmationMs?: number;
  /** When set, the result message goes away after this long (the newsletter's 5 s). */
  messageMs?: number;
  /** The outcome the page's action answered, when the form was posted before its script ran. */
  initial?: { outcome: "success" | "error"; message: string };
}

/**
 * A form's life: idle → submitting → result. `submit` runs the request and returns whether it
 * succeeded, so the form can clear its fields; the result message stays until dismissed, or until
 * `messageMs` has passed.
 */
export function useSubmission({ fallbackError, confirmationMs = 3000, messageMs, initial }: SubmissionOptions) {
  const [status, setStatus] = useState<SubmissionStatus>(initial?.outcome ?? "idle");
  const [message, setMessage] = useState(initial?.message ?? "");
  const [confirming, confirm] = useTimedFlag(confirmationMs);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const dismiss = useCallback(() => {
    clearTimeout(hideTimer.current);
    setStatus("idle");
    setMessage("");
  }, []);

  const show = useCallback(
    (next: SubmissionStatus, text: string) => {
      setStatus(next);
      setMessage(text);
      clearTimeout(hideTimer.current);
      if (messageMs !== undefined) hideTimer.current = setTimeout(dismiss, messageMs);
    },
    [messageMs, dismiss],
  );

  /** `send` resolves with the confirmation text to show, or throws. */
  const submit = useCallback(
    async (send: () => Promise<string>): Promise<boolean> => {
      clearTimeout(hideTimer.current);
      setStatus("submitting");
      setMessage("");
      try {
        show("success", await send());
        confirm();
        return true;
      } catch (error) {
        show("error", submissionErrorText(error, fallbackError));
        return false;
      }
    },
    [show, confirm, fallbackError],
  );

  /** A problem found before sending, such as an empty field. */
  const fail = useCallback((text: string) => show("error", text), [show]);

  return { status, message, submitting: status === "submitting", confirming, submit, fail, dismiss };
}
