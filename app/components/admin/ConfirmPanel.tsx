import { useEffect, useRef, type ReactNode } from "react";

/**
 * The confirmation of a change that cannot be taken back, above the list it was asked from: reached by
 * a link, so it works without the script, and its heading takes the focus when it opens (`opened`: the
 * record it confirms, so another record's panel takes it again).
 */
export function ConfirmPanel({ id, heading, opened, children }: { id: string; heading: string; opened: string | number; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [opened]);
  return (
    <section aria-labelledby={id} className="mb-6 max-w-2xl rounded-card bg-red-50 p-5 ring-1 ring-red-200 sm:p-6">
      <h2 id={id} ref={headingRef} tabIndex={-1} className="rounded text-lg font-bold text-red-950 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {heading}
      </h2>
      {children}
    </section>
  );
}
