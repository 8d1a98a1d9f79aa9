/**
 * The classes of a list of five cards: one column on a phone; two by two on a tablet with the fifth
 * centred under them; three on a wide screen with the last two centred under them. No card is left
 * alone at the edge of a row.
 */
export const fiveCardGrid = {
  list: "grid gap-6 md:grid-cols-4 lg:grid-cols-6",
  item: "md:col-span-2 md:last:col-start-2 lg:last:col-start-auto lg:nth-4:col-start-2",
} as const;
