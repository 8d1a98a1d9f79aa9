/** The colour family a card, step or topic is drawn in; components map it to the site's palette. */
export type Tone = "crimson" | "indigo" | "cyan" | "emerald" | "amber" | "violet";
