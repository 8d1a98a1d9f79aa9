import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBrowser, signedInAdmin } from "../helpers/admin";
import { buildTestApp, type TestContext } from "../helpers/app";
import { rowCounts } from "./support/surface";
import { jobForm } from "../fixtures/job-form";

/**
 * The boundary every request meets (server/http/boundary.ts): a NUL anywhere is a 400 naming the field,
 * in the error shape the route's client reads; an id past its column's range is refused, not sent to
 * the database; two Host headers are refused. The generated suite (hostile-input.db.test.ts) covers every
 * field of every call; these are the cases a review found answering 500.
 */

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const NUL_PROBLEM = "Must not contain a NUL character (\\u0000)";

describe("a NUL byte", () => {
  const json = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

  it.each([
    ["the analytics page view's path", "/api/analytics/pageview", { path: "/about\u0000" }, "path"],
    ["an event's label", "/api/events/", { kind: "cta_click", path: "/", label: "Get\u0000started" }, "label"],
    ["an event's path", "/api/events/", { kind: "cta_click", path: "/\u0000", label: "Get started" }, "path"],
    [
      "an enquiry's nested or unknown key",
      "/api/cta/",
      { name: "Asha", email: "asha@example.com", message: "Hi", request_type: "CTA", "x\u0000": 1 },
      "x\u0000",
    ],
  ])("in %s is a 400 naming the field, and stores nothing", async (_case, url, payload, field) => {
    const before = await rowCounts(t.database);
    const response = await json(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${field}: ${NUL_PROBLEM}`, errors: { [field]: [NUL_PROBLEM] } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("in register's full name is a 400 in the account client's shape", async () => {
    const response = await json("/api/accounts/register/", { email: "nul@example.com", password: "Glacier-Walk-42", full_name: "Asha\u0000Gurung" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: `full_name: ${NUL_PROBLEM}`, code: "invalid", errors: { full_name: [NUL_PROBLEM] } });
  });

  it("in the admin sign-in's username is a 400 in the sign-in's shape", async () => {
    const response = await adminBrowser(t).login("editor\u0000", "a-long-test-passphrase");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `username: ${NUL_PROBLEM}` });
  });

  it("in a new category's name (a signed-in admin) is a 400", async () => {
    const response = await admin.request("POST", "/api/categories/", { name: "Sec\u0000urity" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`name: ${NUL_PROBLEM}`);
  });

  it("in a query parameter is a 400 naming it", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/blog/posts/?category=%00" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `category: ${NUL_PROBLEM}`, errors: { category: [NUL_PROBLEM] } });
  });

  it("in a path parameter or a query key is a 400", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/blog/posts/1%00/" })).json().message).toBe(`id: ${NUL_PROBLEM}`);
    expect((await t.app.inject({ method: "GET", url: "/api/blog/posts/?a%00=1" })).statusCode).toBe(400);
  });

  it("in a multipart field or file name is a 400, before the upload is checked", async () => {
    const form = (fields: Record<string, string>, fileName = "cv.pdf") => {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        name: "Sita Sharma",
        email: "sita@example.com",
        phone: "+977 9801234567",
        cover_letter: "Hello.",
        ...fields,
      }))
        body.append(name, value);
      body.append("resume", new Blob([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"))]), fileName);
      return body;
    };
    const inField = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form({ cover_letter: "Hel\u0000lo." }) });
    expect(inField.statusCode).toBe(400);
    expect(inField.json()).toEqual({ message: `cover_letter: ${NUL_PROBLEM}`, errors: { cover_letter: [NUL_PROBLEM] } });
    const inFileName = await t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form({}, "cv\u0000.pdf") });
    expect(inFileName.statusCode).toBe(400);
    expect(inFileName.json().message).toBe(`resume: ${NUL_PROBLEM}`);
  });

  it("is refused before the route's own checks, even where a session is required", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/enquiries/?status=%00" });
    expect(response.statusCode).toBe(400);
  });
});

describe("half of a character (a lone surrogate)", () => {
  const SURROGATE_PROBLEM = "Must not contain half of a character (a lone surrogate, \\ud800 to \\udfff)";
  /** JSON as a client writes it by hand: JSON.stringify would escape the half the same way, `"\ud800"`. */
  const jobWithTitle = (title: string) => JSON.stringify({ ...jobForm, title });

  it("in a new job's title is a 400 naming the field; no job and no audit entry is written", async () => {
    const before = await rowCounts(t.database);
    const response = await admin.request("POST", "/api/admin/jobs/", JSON.parse(jobWithTitle("Security \ud800Engineer")) as object);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `title: ${SURROGATE_PROBLEM}`, errors: { title: [SURROGATE_PROBLEM] } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("is refused at either end of a text, as a key, and in the account client's shape", async () => {
    expect((await admin.request("POST", "/api/categories/", { name: "Security\udfff" })).json().message).toBe(`name: ${SURROGATE_PROBLEM}`);
    expect((await t.app.inject({ method: "POST", url: "/api/cta/", payload: { "\ud83d": 1 } })).statusCode).toBe(400);
    const account = await t.app.inject({
      method: "POST",
      url: "/api/accounts/register/",
      payload: { email: "half@example.com", password: "Glacier-Walk-42", full_name: "\ud83d" },
    });
    expect(account.json()).toEqual({ detail: `full_name: ${SURROGATE_PROBLEM}`, code: "invalid", errors: { full_name: [SURROGATE_PROBLEM] } });
  });

  it("is not a whole character: a title with an emoji (a surrogate pair) is saved as sent", async () => {
    const response = await admin.request("POST", "/api/admin/jobs/", { ...jobForm, title: "Security Engineer 🛡️" });
    expect(response.statusCode).toBe(201);
    expect(response.json().title).toBe("Security Engineer 🛡️");
  });
});

describe("a date far in the future or the past", () => {
  const OUT_OF_RANGE = "Use a date between 2000-01-01 and 2100-12-31.";

  it.each([
    "/api/meetings/slots/?from=9999-12-31&days=31&tz=UTC",
    "/api/meetings/slots/?from=0001-01-01&days=1&tz=Asia/Kathmandu",
    "/api/admin/applications/?to=9999-12-31",
    "/api/admin/applications/?from=0000-01-01",
    "/api/admin/applications/board/?to=9999-12-31",
    "/api/admin/audit/?to=9999-12-31",
    "/api/admin/audit/?from=0000-01-01",
  ])("%s is a 400 saying which dates may be asked for", async (url) => {
    const response = await admin.request("GET", url);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(OUT_OF_RANGE);
    expect(response.body).not.toContain("Invalid time value");
  });

  it("is a 400 as a job's closing day or a campaign's send time, and changes nothing", async () => {
    const before = await rowCounts(t.database);
    const job = await admin.request("POST", "/api/admin/jobs/", { ...jobForm, title: "Far-off Engineer", closes_on: "9999-12-31" });
    expect(job.statusCode).toBe(400);
    expect(job.json().errors.closes_on).toEqual([OUT_OF_RANGE]);
    expect(await rowCounts(t.database)).toEqual(before);

    const campaign = (await admin.request("POST", "/api/admin/campaigns/", { subject: "Autumn news", body: "News." })).json().id as number;
    for (const [sendAt, message] of [
      ["9999-12-31T10:00", OUT_OF_RANGE],
      ["9999-99-99T99:99", "Choose a date and time."],
    ]) {
      const scheduled = await admin.request("POST", `/api/admin/campaigns/${campaign}/schedule/`, { send_at: sendAt });
      expect(scheduled.statusCode, sendAt).toBe(400);
      expect(scheduled.json().errors.send_at).toEqual([message]);
    }
    expect((await admin.request("GET", `/api/admin/campaigns/${campaign}/`)).json().status).toBe("draft");
  });

  it("within the years is answered: the slots of the last day, and a list up to it", async () => {
    expect((await admin.request("GET", "/api/meetings/slots/?from=2100-12-31&days=31&tz=UTC")).statusCode).toBe(200);
    expect((await admin.request("GET", "/api/admin/audit/?from=2000-01-01&to=2100-12-31")).statusCode).toBe(200);
    expect((await admin.request("GET", "/api/admin/applications/?from=2000-01-01&to=2100-12-31")).statusCode).toBe(200);
  });
});

describe("jobs of one title saved at the same moment", () => {
  it("are all created, each under a slug of its own, with an audit entry each", async () => {
    const job = {
      title: "Platform Engineer",
      type: "Full-time",
      department: "Platform",
      location: "Remote",
      description: "Run the platform.",
      requirements: ["Linux"],
      responsibilities: ["On call"],
    };
    const responses = await Promise.all(Array.from({ length: 5 }, () => admin.request("POST", "/api/admin/jobs/", job)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const slugs = responses.map((response) => response.json().id as string);
    expect(new Set(slugs)).toEqual(new Set(["platform-engineer", "platform-engineer-2", "platform-engineer-3", "platform-engineer-4", "platform-engineer-5"]));
    const audit = (await admin.request("GET", "/api/admin/audit/?action=job.created&per_page=50")).json().results as { target: string }[];
    expect(
      audit
        .map((entry) => entry.target)
        .filter((target) => target.startsWith("job:platform-engineer"))
        .sort(),
    ).toEqual(slugs.map((slug) => `job:${slug}`).sort());
  });
});

describe("an id past its column's range", () => {
  it.each([
    ["POST", "/api/admin/devices/2147483648/approve/"],
    ["POST", "/api/admin/devices/-1/approve/"],
    ["PATCH", "/api/posts/2147483648/"],
    ["GET", "/api/admin/enquiries/9007199254740993/"],
    ["GET", "/api/blog/posts/2147483648/"],
  ] as const)("%s %s is refused with a 4xx, not sent to the database", async (method, url) => {
    const response = await admin.request(method, url);
    expect([400, 404]).toContain(response.statusCode);
  });

  it("is told as an id that is not valid", async () => {
    const response = await admin.request("POST", "/api/admin/devices/2147483648/approve/");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("id: Not a valid id");
  });
});

/** A raw HTTP/1.1 request, for what an HTTP client library would not send. */
async function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes the connection once it has answered (Connection: close).
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the Host header", () => {
  it("is refused with 400 when sent twice, and served when sent once", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const twice = await rawRequest(port, "GET /healthz HTTP/1.1\r\nHost: localhost:3000\r\nHost: evil.example\r\nConnection: close");
    expect(twice).toMatch(/^HTTP\/1\.1 400 /);
    expect(twice).toContain("more than one Host header");
    const once = await rawRequest(port, "GET /healthz HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close");
    expect(once).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("a Host header that names no host", () => {
  it.each(["a b", "[::1", "a@b", ":", "localhost:99999", "exa mple.com:3000", "[zz::1]"])(
    "%j is refused with 400, on an API call as on a page",
    async (host) => {
      for (const url of ["/api/csrf/", "/blog", "/"]) {
        const response = await t.app.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe("The request's Host header does not name a host.");
      }
    },
  );

  it.each(["localhost:3000", "himaltech.com.np", "HimalTech.com.NP.", "127.0.0.1:8080", "[::1]:3000", "my_app"])("%j is served", async (host) => {
    expect((await t.app.inject({ method: "GET", url: "/api/csrf/", headers: { host } })).statusCode).toBe(200);
  });
});

describe("the admin session cookie", () => {
  it("is read by a real cookie parser: a malformed value is no session, not an error", async () => {
    await expect(t.app.services.admin.sessionFromCookies("admin_session=%E0%A4%A; csrftoken=%ZZ")).resolves.toBeNull();
  });
});
