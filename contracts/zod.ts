import { z } from "zod";

/**
 * The zod every contract is built with. In the browser the site's policy forbids eval, yet zod would
 * try `new Function` once to find out, and the browser reports that try as a policy violation (in the
 * console's issues, and as a failed best-practices audit) on every page that loads a schema (the admin
 * screens; public pages load only the plain values of the *-options modules).
 * Told to stay jitless there, it never tries. On the server it keeps compiling its parsers.
 * The setting must come before the first schema is built: each contract imports `z` from here.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
