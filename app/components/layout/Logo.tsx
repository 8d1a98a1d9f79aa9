import { site } from "#app/content/site.ts";

/** The mark: a peak with a circuit node at its summit. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <defs>
          <linearGradient id={inverse ? "logo-g-inv" : "logo-g"} x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#4f46e5" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={inverse ? "#ffffff" : "#0c1330"} />
        <path d="M5 24 13 10l4 6 3-4 7 12z" fill={`url(#${inverse ? "logo-g-inv" : "logo-g"})`} />
        <circle cx="13" cy="9" r="2.2" fill="#dc143c" />
      </svg>
      <span className={`text-lg font-extrabold tracking-tight ${inverse ? "text-white" : "text-ink-900"}`}>{site.name}</span>
    </span>
  );
}
