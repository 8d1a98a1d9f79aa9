import { z } from "zod";

/** A page view as the browser reports it; everything else is derived from the request on the server. */
export const PageViewSchema = z.object({
  path: z.string().startsWith("/").max(512),
  referrer: z.string().max(2048).optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;
