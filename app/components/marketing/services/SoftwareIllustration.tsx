import type { ReactElement } from "react";

/*
 * One small drawing per software service, in the card's colour (currentColor). The moving parts
 * (floating, dashed links that brighten and fade, pulses) stop for reduced motion.
 */
const drawings: Record<string, ReactElement | undefined> = {
  "web-mobile": (
    <>
      <rect x="40" y="22" width="170" height="106" rx="10" fill="currentColor" opacity="0.12" />
      <rect x="40" y="22" width="170" height="18" rx="9" fill="currentColor" opacity="0.3" />
      <rect x="56" y="54" width="80" height="10" rx="5" fill="currentColor" opacity="0.5" />
      <rect x="56" y="72" width="120" height="8" rx="4" fill="currentColor" opacity="0.25" />
      <rect x="56" y="88" width="100" height="8" rx="4" fill="currentColor" opacity="0.25" />
      <g className="mk-float">
        <rect x="222" y="40" width="58" height="100" rx="12" fill="#fff" stroke="currentColor" strokeWidth="3" />
        <rect x="234" y="58" width="34" height="34" rx="8" fill="currentColor" opacity="0.35" />
        <rect x="234" y="100" width="34" height="6" rx="3" fill="currentColor" opacity="0.3" />
        <circle cx="251" cy="128" r="4" fill="currentColor" />
      </g>
    </>
  ),
  "api-development": (
    <>
      {[60, 160, 260].map((x) => (
        <rect key={x} x={x - 32} y="48" width="64" height="44" rx="10" fill="currentColor" opacity="0.15" stroke="currentColor" strokeWidth="2" />
      ))}
      <path className="mk-dash" d="M92 70h36M192 70h36" stroke="currentColor" strokeWidth="3" strokeDasharray="6 6" />
      <text x="160" y="77" textAnchor="middle" fontSize="20" fontWeight="700" fill="currentColor">
        {"{ }"}
      </text>
      <text x="60" y="75" textAnchor="middle" fontSize="12" fontWeight="700" fill="currentColor">
        GET
      </text>
      <text x="260" y="75" textAnchor="middle" fontSize="12" fontWeight="700" fill="currentColor">
        200
      </text>
    </>
  ),
  "system-architecture": (
    <>
      <rect x="110" y="16" width="100" height="30" rx="8" fill="currentColor" opacity="0.35" />
      {[60, 160, 260].map((x) => (
        <rect key={x} x={x - 40} y="64" width="80" height="28" rx="8" fill="currentColor" opacity="0.18" stroke="currentColor" strokeWidth="2" />
      ))}
      <rect x="70" y="110" width="180" height="24" rx="8" fill="currentColor" opacity="0.28" />
      <path
        className="mk-dash"
        d="M160 46v18M160 46 60 64M160 46l100 18M60 92l50 18M160 92v18M260 92l-50 18"
        stroke="currentColor"
        strokeWidth="2"
        strokeDasharray="4 4"
        fill="none"
      />
    </>
  ),
  "devops-automation": (
    <>
      <path
        className="mk-dash"
        d="M160 75c-30-40-90-40-90 0s60 40 90 0 90-40 90 0-60 40-90 0z"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeDasharray="14 10"
        strokeLinecap="round"
      />
      {[
        [70, 75, "Build"],
        [250, 75, "Deploy"],
      ].map(([x, y, word]) => (
        <text key={word} x={x} y={Number(y) + 4} textAnchor="middle" fontSize="12" fontWeight="700" fill="currentColor">
          {word}
        </text>
      ))}
    </>
  ),
  "cloud-solutions": (
    <>
      <path
        className="mk-float"
        d="M98 88a30 30 0 0 1 8-59 42 42 0 0 1 80-6 34 34 0 0 1 40 65z"
        fill="currentColor"
        opacity="0.22"
        stroke="currentColor"
        strokeWidth="3"
      />
      {[110, 150, 190].map((x) => (
        <g key={x}>
          <rect x={x - 16} y="104" width="32" height="30" rx="5" fill="#fff" stroke="currentColor" strokeWidth="2" />
          <circle cx={x - 6} cy="114" r="2.5" fill="currentColor" />
          <path className="mk-dash" d={`M${x} 88v16`} stroke="currentColor" strokeWidth="2" strokeDasharray="3 3" />
        </g>
      ))}
    </>
  ),
  security: (
    <>
      <circle className="mk-pulse" cx="160" cy="74" r="48" fill="currentColor" opacity="0.25" />
      <path d="M160 20l46 16v34c0 30-20 52-46 62-26-10-46-32-46-62V36z" fill="#fff" stroke="currentColor" strokeWidth="4" />
      <path d="m140 74 14 14 26-28" fill="none" stroke="currentColor" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

/** The drawing of a software topic by its anchor; a topic staff added has none. */
export function SoftwareIllustration({ id }: { id: string }) {
  if (!drawings[id]) return null;
  return (
    <>
      <svg viewBox="0 0 320 150" width="320" height="150" aria-hidden="true" className="h-auto w-full max-w-xs rounded-2xl bg-surface">
        {drawings[id]}
      </svg>
    </>
  );
}
