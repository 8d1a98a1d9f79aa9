import type { FlagCode } from "#contracts/site-content-forms.ts";

/** Vertical tricolours, hoist to fly, as the flags are drawn. */
const tricolours: Record<FlagCode, { name: string; stripes: [string, string, string] }> = {
  fr: { name: "France", stripes: ["#002654", "#ffffff", "#ce1126"] },
};

/** A country flag as a small inline drawing, the same on every system (flag emoji are not); decorative beside the country's name. */
export function Flag({ code }: { code: FlagCode }) {
  const { name, stripes } = tricolours[code];
  return (
    <svg viewBox="0 0 3 2" width="18" height="12" aria-hidden="true" data-flag={name} className="inline-block shrink-0 rounded-[2px] ring-1 ring-ink-200">
      {stripes.map((colour, i) => (
        <rect key={i} x={i} width="1" height="2" fill={colour} />
      ))}
    </svg>
  );
}
