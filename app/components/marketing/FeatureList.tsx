import { Check } from "lucide-react";
import type { Tone } from "#app/content/tone.ts";
import { tones } from "./tones";

/** A short list of ticked features or benefits. */
export function FeatureList({ items, tone, columns = 1, className = "" }: { items: readonly string[]; tone: Tone; columns?: 1 | 2; className?: string }) {
  return (
    <ul className={`grid gap-2.5 ${columns === 2 ? "sm:grid-cols-2" : ""} ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5 text-ink-800">
          <span className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full ${tones[tone].soft}`}>
            <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
