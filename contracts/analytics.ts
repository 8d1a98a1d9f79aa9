import { z } from "./zod";

/** A page view as the browser reports it; everything else is derived from the request on the server. */
export const PageViewSchema = z.object({
  path: z.string().startsWith("/").max(512),
  referrer: z.string().max(2048).optional(),
  /** The visitor allowed Analytics themselves, which holds even where their browser asks not to be tracked. */
  chosen: z.boolean().optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;

/** A first-party event the dashboard counts: a click on a call-to-action link, or a question put to the assistant. */
export const SiteEventSchema = z.object({
  kind: z.enum(["cta_click", "chatbot_question"]),
  path: z.string().startsWith("/").max(512),
  label: z.string().trim().max(200).default(""),
  chosen: z.boolean().optional(),
});
export type SiteEvent = z.input<typeof SiteEventSchema>;
