import { randomBytes } from "node:crypto";
import { pdfDocument } from "../../fixtures/resume-documents";
import type { SmtpSink } from "../../helpers/smtp";
import type { LoadStep } from "./load";

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** What a browser that opened the site holds: the CSRF cookie, echoed in the header as the site's forms do. */
export interface Visitor {
  url: string;
  headers: Record<string, string>;
}

export async function visitor(url: string): Promise<Visitor> {
  const response = await fetch(`${url}/api/csrf/`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return {
    url,
    headers: {
      "user-agent": USER_AGENT,
      origin: url,
      "sec-fetch-site": "same-origin",
      cookie: `csrftoken=${csrfToken}`,
      "x-csrftoken": csrfToken,
    },
  };
}

export const ACCOUNT_PASSWORD = "a-long-load-test-passphrase-42";

/** Signs up through the API and opens the activation link from the mail, as a person would. */
export async function activatedAccount(site: Visitor, smtp: SmtpSink): Promise<string> {
  const email = `load-${randomBytes(4).toString("hex")}@example.com`;
  const registered = await fetch(`${site.url}/api/accounts/register/`, {
    method: "POST",
    headers: { ...site.headers, "content-type": "application/json" },
    body: JSON.stringify({ email, password: ACCOUNT_PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}: ${await registered.text()}`);
  const mail = await smtp.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(email), 30_000);
  const link = /\/verify\/([^/\s]+)\/([^/\s]+)/.exec(mail.text ?? "");
  if (!link) throw new Error(`no activation link in: ${mail.text}`);
  const activated = await fetch(`${site.url}/api/accounts/activate/${link[1]}/${link[2]}/`);
  if (!activated.ok) throw new Error(`activation answered ${activated.status}`);
  return email;
}

const json = (site: Visitor, path: string, body: (n: number) => object) => (n: number) => ({
  method: "POST",
  path,
  headers: { ...site.headers, "content-type": "application/json" },
  body: JSON.stringify(body(n)),
});

export function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----verify${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
  );
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A careers application posted to a running site as its form sends it, timed; status 0 when no answer came in two minutes. */
export async function postApplication(site: Visitor, form: ReturnType<typeof multipart>): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(`${site.url}/api/careers/applications/`, {
      method: "POST",
      headers: { ...site.headers, "content-type": form.contentType },
      body: form.body,
      signal: AbortSignal.timeout(120_000),
    });
    return { status: response.status, body: await response.text(), ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 0, body: "", ms: Math.round(performance.now() - started) };
  }
}

const resume = pdfDocument("Load Test - Curriculum Vitae");

/** Each form the site has, filled in as a person would; the run number keeps addresses apart. */
export function formSteps(site: Visitor, run = randomBytes(3).toString("hex")): LoadStep[] {
  const who = (n: number) => ({ name: `Visitor ${run} ${n}`, email: `visitor-${run}-${n}@example.com` });
  return [
    { kind: "contact", stores: "enquiry", build: json(site, "/api/cta/", (n) => ({ ...who(n), message: "We would like a quote for a mobile app." })) },
    {
      kind: "get-started",
      stores: "enquiry",
      build: json(site, "/api/get-started/", (n) => ({ email: who(n).email, user_type: "BUSINESS", message: "Getting started with an MVP." })),
    },
    {
      kind: "talk-to-expert",
      stores: "enquiry",
      build: json(site, "/api/talk-to-expert/", (n) => ({
        ...who(n),
        company: "Acme Pvt. Ltd.",
        helpType: "technical",
        message: "A question about cloud costs.",
      })),
    },
    {
      kind: "discuss-project",
      stores: "enquiry",
      build: json(site, "/api/discuss-project/", (n) => ({
        ...who(n),
        budget: "10k-50k",
        timeline: "1-3months",
        details: "A booking platform for trekking agencies.",
      })),
    },
    { kind: "newsletter", stores: "subscription", build: json(site, "/api/newsletter/", (n) => ({ email: who(n).email })) },
    {
      kind: "application",
      stores: "application",
      build: (n) => {
        const form = multipart(
          { ...who(n), phone: "+977 1 4000000", cover_letter: "I would like to join the team." },
          { field: "resume", name: "cv.pdf", type: "application/pdf", bytes: resume },
        );
        return { method: "POST", path: "/api/careers/applications/", headers: { ...site.headers, "content-type": form.contentType }, body: form.body };
      },
    },
  ];
}

const get = (kind: string, path: string, site: Visitor): LoadStep => ({
  kind,
  build: () => ({ method: "GET", path, headers: { "user-agent": site.headers["user-agent"]!, "accept-encoding": "br, gzip" } }),
});

/**
 * The mixed load: mostly pages and API reads, as a site's traffic is, with every form and an
 * application with a PDF in each cycle, and a sign-in (password hashing is the dearest request).
 */
export function mixedLoad(site: Visitor, account: string | undefined): LoadStep[] {
  const reads: LoadStep[] = [
    get("page", "/", site),
    get("page", "/blog", site),
    get("api", "/api/blog/posts/?page=1", site),
    get("page", "/careers", site),
    get("page", "/services/software", site),
    get("api", "/api/careers/jobs/", site),
    get("page", "/about", site),
    get("api", "/api/blog/categories/", site),
    get("page", "/contact", site),
    get("page", "/sitemap.xml", site),
  ];
  const forms = formSteps(site);
  const login: LoadStep[] = account
    ? [{ kind: "login", build: json(site, "/api/accounts/login/", () => ({ email: account, password: ACCOUNT_PASSWORD })) }]
    : [];
  // Per cycle: 30 reads, 6 form posts, 1 sign-in.
  return [...reads, forms[0]!, forms[1]!, ...reads, forms[2]!, forms[3]!, ...login, ...reads, forms[4]!, forms[5]!];
}
