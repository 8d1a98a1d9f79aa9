import type { z } from "zod";

/**
 * A list page's filters and page from its address. An address that does not parse (typed by hand,
 * or from an old link) shows the unfiltered first page rather than an error.
 */
export function listQuery<S extends z.ZodType>(schema: S, request: Request): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : schema.parse({});
}
