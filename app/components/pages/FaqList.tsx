import { ChevronDown } from "lucide-react";
import type { FaqEntry } from "#contracts/site-content.ts";

/** Questions that open to their answers; native details elements, so they work without script. */
/** Entries may carry an id, the anchor search and the assistant link to. */
export function FaqList({ entries, className = "" }: { entries: readonly (FaqEntry & { id?: string })[]; className?: string }) {
  return (
    <div className={`divide-y divide-ink-100 rounded-card bg-white shadow-card ring-1 ring-ink-100 ${className}`}>
      {entries.map((entry) => (
        <details key={entry.id ?? entry.question} id={entry.id} className="group scroll-mt-24 px-6 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
            {entry.question}
            <ChevronDown className="size-5 shrink-0 text-ink-600 transition-transform duration-200 group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="mt-3 text-ink-700">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
