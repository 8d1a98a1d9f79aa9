/**
 * An element id made from a text the component is given, such as its label: the same on the server,
 * which renders with React, and in the browser, which runs Preact and would generate other ids
 * (decision 023). Ids that tie one element to another must not change when the page is taken over.
 */
export function idFrom(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
