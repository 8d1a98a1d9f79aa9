import type { FastifyInstance } from "fastify";

/**
 * Addresses whose every answer is for one signed-in person, or says who may sign in: the admin API
 * (its sign-in and the mailed approval link included), the account API and its sign-in with providers, the admin and account
 * pages with their React Router data requests (`/adminPanel.data`, `/admin/enquiries.data`, …), and a
 * visitor's private conversation, booked meeting and application withdrawal, page and API alike: its link is the only key to it
 * (the meeting API's free slots change by the minute too).
 */
const PERSONAL_ADDRESS =
  /^\/(api\/(admin\/|admin-login\/|posts\/|categories\/|accounts\/|auth\/|token\/|conversations\/|meetings\/|careers\/withdraw\/)|admin\/|conversation\/|meetings\/|careers\/withdraw\/|(adminPanel|postblog|dashboard|admin)(\.data)?(\/|$))/;

/**
 * Marks `Cache-Control: no-store` on every answer that holds personal data or that only a signed-in
 * person may see, so neither a shared cache nor the browser's history keeps it:
 * - every answer under the addresses above, whatever it is (an error tells who may sign in, too);
 * - every answer to a request that carries an admin session cookie or a bearer token, unless the
 *   answer is marked `public`: the build's files are the same bytes for everyone.
 * Done last (onSend), so no handler's own header can undo it.
 */
export function registerNoStore(app: FastifyInstance, sessionCookie: string) {
  app.addHook("onSend", (request, reply, payload, done) => {
    const pathname = request.url.split("?", 1)[0]!;
    const signedIn = request.headers.authorization !== undefined || request.cookies?.[sessionCookie] !== undefined;
    const shared = /\bpublic\b/.test(String(reply.getHeader("cache-control") ?? ""));
    if (PERSONAL_ADDRESS.test(pathname) || (signedIn && !shared)) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
