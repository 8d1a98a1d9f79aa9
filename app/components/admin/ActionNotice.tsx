import { useEffect, useRef, type ReactNode } from "react";
import { Alert, type AlertTone } from "../ui/Alert";

/**
 * What a form posted to the screen came to, taking the focus when it appears: the form's controls may
 * have gone (a cancelled meeting leaves the list) or been drawn anew, and the keyboard goes on from here.
 * `notice` is the action's answer itself, so each new answer takes the focus again.
 */
export function ActionNotice({ notice, children }: { notice: { tone: AlertTone } | undefined; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) box.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <div ref={box} tabIndex={-1} className="mb-6 rounded-xl focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none">
      <Alert tone={notice.tone}>{children}</Alert>
    </div>
  );
}
