import { ChevronDown } from "lucide-react";
import type { FaqEntry } from "#contracts/site-content.ts";

/** What an answer's Markdown may have made: links, emphasis, lists and paragraphs. */
const answerMarkup =
  "mt-3 space-y-2 text-ink-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_code]:rounded [&_code]:bg-ink-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5";

/**
 * Questions that open to their answers; native details elements, so they work without script. Entries
 * may carry an id, the anchor search and the assistant link to, and an answer's HTML, made on the server
 * from staff's Markdown (app/lib/markdown.server.ts), in place of its plain text.
 */
export function FaqList({ entries, className = "" }: { entries: readonly (FaqEntry & { id?: string; answerHtml?: string })[]; className?: string }) {
  return (
    <div className={`divide-y divide-ink-100 rounded-card bg-white shadow-card ring-1 ring-ink-100 ${className}`}>
      {entries.map((entry) => (
        <details key={entry.id ?? entry.question} id={entry.id} className="group scroll-mt-24 px-6 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
            {entry.question}
            <ChevronDown className="size-5 shrink-0 text-ink-600 transition-transform duration-200 group-open:rotate-180" aria-hidden="true" />
          </summary>
          {entry.answerHtml === undefined ? (
            <p className="mt-3 text-ink-700">{entry.answer}</p>
          ) : (
            <div className={answerMarkup} dangerouslySetInnerHTML={{ __html: entry.answerHtml }} />
          )}
        </details>
      ))}
    </div>
  );
}
