import { CopyButton } from "./CopyButton";

/** A labelled code example with a button that copies it. */
export function CodeBlock({ code, label, className = "" }: { code: string; label: string; className?: string }) {
  return (
    <figure className={`overflow-hidden rounded-2xl bg-ink-950 ring-1 ring-ink-800 ${className}`}>
      <figcaption className="flex items-center justify-between gap-4 border-b border-white/10 px-4 py-2">
        <span className="text-xs font-semibold tracking-wider text-ink-200 uppercase">{label}</span>
        <CopyButton text={code} variant="inverse" />
      </figcaption>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a sample wider than the screen takes focus so a keyboard can scroll it (axe's scrollable-region-focusable) */}
      <pre tabIndex={0} aria-label={label} className="overflow-x-auto p-4 text-sm leading-relaxed text-ink-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
