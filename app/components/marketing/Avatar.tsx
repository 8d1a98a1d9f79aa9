// eslint-disable-next-line no-restricted-imports -- every element that points to this id renders with it here, so the server's and the browser's ids never meet (decision 023)
import { useId } from "react";
import type { Tone } from "#app/content/tone.ts";
import { tones } from "./tones";

/** A generated portrait: the person's initials on a gradient disc in their colour. Decorative; the name is beside it. */
export function Avatar({ initials, tone, size = 56 }: { initials: string; tone: Tone; size?: number }) {
  const gradientId = useId();
  const [from, to] = tones[tone].stops;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="shrink-0">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradientId})`} />
      <circle cx="32" cy="32" r="30" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="1.5" />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="middle" fill="#fff" fontSize="22" fontWeight="700" fontFamily="inherit">
        {initials}
      </text>
    </svg>
  );
}
