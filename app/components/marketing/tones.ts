import type { Tone } from "#app/content/tone.ts";

interface ToneClasses {
  /** A pale tile with readable text: chips, icon backgrounds. */
  soft: string;
  /** Coloured text on white. */
  text: string;
  /** A bold gradient for icon tiles and accents (white icons on it). */
  gradient: string;
  /** A thin coloured edge for the selected card or the timeline's dot. */
  ring: string;
  /** Start and end colours of SVG gradients. */
  stops: [string, string];
}

export const tones: Record<Tone, ToneClasses> = {
  crimson: {
    soft: "bg-crimson-50 text-crimson-700",
    text: "text-crimson-700",
    gradient: "bg-linear-to-br from-crimson-600 to-rose-500",
    ring: "ring-crimson-500",
    stops: ["#c8102e", "#f43f5e"],
  },
  indigo: {
    soft: "bg-indigo-50 text-indigo-700",
    text: "text-indigo-700",
    gradient: "bg-linear-to-br from-indigo-600 to-violet-500",
    ring: "ring-indigo-500",
    stops: ["#4f46e5", "#8b5cf6"],
  },
  cyan: {
    soft: "bg-cyan-50 text-cyan-800",
    text: "text-cyan-800",
    gradient: "bg-linear-to-br from-cyan-700 to-sky-500",
    ring: "ring-cyan-500",
    stops: ["#0e7490", "#0ea5e9"],
  },
  emerald: {
    soft: "bg-emerald-50 text-emerald-800",
    text: "text-emerald-800",
    gradient: "bg-linear-to-br from-emerald-700 to-teal-500",
    ring: "ring-emerald-500",
    stops: ["#047857", "#14b8a6"],
  },
  amber: {
    soft: "bg-amber-50 text-amber-800",
    text: "text-amber-800",
    gradient: "bg-linear-to-br from-amber-600 to-orange-500",
    ring: "ring-amber-500",
    stops: ["#d97706", "#f97316"],
  },
  violet: {
    soft: "bg-violet-50 text-violet-800",
    text: "text-violet-800",
    gradient: "bg-linear-to-br from-violet-700 to-fuchsia-500",
    ring: "ring-violet-500",
    stops: ["#6d28d9", "#d946ef"],
  },
};
