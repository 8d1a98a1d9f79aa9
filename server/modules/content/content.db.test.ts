import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testimonialsContent } from "#app/content/testimonials.ts";
import { SITE_CONTENT_TYPES } from "#contracts/site-content-forms.ts";
import { SITE_CONTENT_SCHEMAS, type ContentExport, type TestimonialsContent } from "#contracts/site-content.ts";
import { kathmanduLocalInput } from "#app/lib/dates.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { createTestDatabase, postgresUrlOf, secondInstanceOf, testDatabaseKind } from "../../../tests/helpers/database";
import type { ContentEditorState } from "./service";
import { SHIPPED_CONTENT } from "./shipped";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());

type Editor = Awaited<ReturnType<typeof signedInAdmin>>;

const editorState = async (editor: Pick<Editor, "request">, type = "testimonials") =>
  (await editor.request("GET", `/api/admin/content/${type}/`)).json<ContentEditorState>();

/** The shipped testimonials with the first quote replaced. */
const withFirstQuote = (content: string): TestimonialsContent => ({
  ...testimonialsContent,
  items: testimonialsContent.items.map((item, i) => (i === 0 ? { ...item, content } : item)),
});

const searchTitles = async (q: string) =>
  (await t.app.inject({ method: "GET", url: `/api/search/?q=${encodeURIComponent(q)}` })).json<{ results: { url: string }[] }>().results.map((r) => r.url);

describe("the site's words, edited in the admin", () => {
  it("starts from the copy the site shipped with, as revision 1, live", async () => {
    const editor = await signedInAdmin(t, "editor");
    const list = (await editor.request("GET", "/api/admin/content/")).json<{
      results: { type: string; publishedRevision: number; newestRevision: number; updatedBy: string }[];
    }>();
    expect(list.results.map((row) => row.type)).toEqual([
      ...["home", "testimonials", "faq", "pricing", "legal", "privacy", "cookies", "gdpr", "contact", "about", "process", "team", "journey"],
      ...["service-ai", "service-cloud", "service-cybersecurity", "service-data-science", "service-software"],
      ...["expertise", "success", "partners"],
    ]);
    expect(list.results.every((row) => row.publishedRevision === 1 && row.newestRevision === 1 && row.updatedBy === "site")).toBe(true);
    const state = await editorState(editor);
    expect(state.value).toEqual(testimonialsContent);
    expect(await t.app.services.siteContent.published("testimonials")).toEqual(testimonialsContent);
    // Each shipped copy passes its own schema unchanged, so an editor can save it as it is.
    for (const type of SITE_CONTENT_TYPES) expect(SITE_CONTENT_SCHEMAS[type].parse(SHIPPED_CONTENT[type]), type).toEqual(SHIPPED_CONTENT[type]);
  });

  it("keeps a saved draft off the live site, search and the assistant until it is published, then shows it everywhere", async () => {
    const editor = await signedInAdmin(t, "editor");
    const state = await editorState(editor);
    const saved = await editor.request("POST", "/api/admin/content/testimonials/drafts/", {
      version: state.version,
      value: withFirstQuote("Quokkaquest delivered our platform early."),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toMatch(/^Draft saved as revision 2\. The live page is unchanged/);
    expect((await t.app.services.siteContent.published("testimonials")).items[0]!.content).toBe(testimonialsContent.items[0]!.content);
    expect(await searchTitles("quokkaquest")).toEqual([]);
    const homeInSitemap = async () =>
      /<loc>https:\/\/himaltech\.com\.np\/<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/.exec((await t.app.inject("/sitemap.xml")).body)?.[1];
    const datedBefore = await homeInSitemap();
    t.clock.advance(60_000);

    const published = await editor.request("POST", "/api/admin/content/testimonials/publish/", { version: saved.json().version });
    expect(published.json()).toMatchObject({ revision: 2, message: "Revision 2 is live." });
    // Search engines are told the home page changed, when.
    const revisions = (await editorState(editor)).revisions;
    expect(await homeInSitemap()).toBe(revisions.find((revision) => revision.number === 2)!.publishedAt);
    expect(await homeInSitemap()).not.toBe(datedBefore);
    expect((await t.app.services.siteContent.published("testimonials")).items[0]!.content).toBe("Quokkaquest delivered our platform early.");
    expect(await searchTitles("quokkaquest")).toContain("/");
    const answer = await t.app.inject({ method: "POST", url: "/api/assistant/", payload: { question: "Who said Quokkaquest delivered early?" } });
    expect(answer.json().answer).toContain("Quokkaquest");
  });

  it("lets search and the assistant read a FAQ answer's words, not its Markdown", async () => {
    const editor = await signedInAdmin(t, "editor");
    const state = await editorState(editor, "faq");
    const faq = structuredClone(SHIPPED_CONTENT.faq);
    faq.groups[0]!.entries[0] = { question: "Do you work with Quetzalcoatl Labs?", answer: "**Yes**: Quetzalcoatl Labs is [a partner](/partners) of ours." };
    const saved = await editor.request("POST", "/api/admin/content/faq/drafts/", { version: state.version, value: faq });
    await editor.request("POST", "/api/admin/content/faq/publish/", { version: saved.json().version });
    expect(await searchTitles("quetzalcoatl")).toContain("/faq");
    const answer = await t.app.inject({ method: "POST", url: "/api/assistant/", payload: { question: "Do you work with Quetzalcoatl Labs?" } });
    expect(answer.json().answer).toContain("Quetzalcoatl Labs is a partner of ours");
    expect(answer.json().answer).not.toMatch(/\*\*|\]\(/);
  });

  it("puts a team member's photo, resized, on the about page with its description, and refuses a file that is not a picture", async () => {
    const editor = await signedInAdmin(t, "editor");
    const upload = (bytes: Uint8Array) => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "portrait.png");
      return editor.request("POST", "/api/admin/content/photos/", form);
    };
    const refused = await upload(new TextEncoder().encode("<svg onload=alert(1)>"));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/could not be read/);

    const portrait = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#c8102e" } })
      .png()
      .toBuffer();
    const stored = await upload(portrait);
    expect(stored.statusCode).toBe(201);
    const { id } = stored.json<{ id: string }>();

    const state = await editorState(editor, "team");
    const team = structuredClone(SHIPPED_CONTENT.team);
    team.leaders[0]!.photo = { id, alt: "" };
    const unsaid = await editor.request("POST", "/api/admin/content/team/drafts/", { version: state.version, value: team });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().errors).toEqual({ "leaders.0.photo.alt": ["Describe the photo for visitors who cannot see it."] });

    team.leaders[0]!.photo = { id, alt: "Aarav Shrestha in the Lalitpur office" };
    const saved = await editor.request("POST", "/api/admin/content/team/drafts/", { version: state.version, value: team });
    expect(saved.statusCode).toBe(200);
    await editor.request("POST", "/api/admin/content/team/publish/", { version: saved.json().version });
    expect((await t.app.services.siteContent.published("team")).leaders[0]!.photo).toEqual({ id, alt: "Aarav Shrestha in the Lalitpur office" });

    const sources = await t.app.services.media.sources([id]);
    expect(sources[id]!.srcSet).toBe(`/media/${id}-400.webp 400w, /media/${id}-800.webp 800w`);
    const served = await t.app.inject({ method: "GET", url: `/media/${id}-400.webp` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
  });

  it("tells an editor who saves over a change they have not seen, and keeps both their text and the other change", async () => {
    const first = await signedInAdmin(t, "editor");
    const second = await signedInAdmin(t, "owner");
    const opened = await editorState(first);
    await editorState(second);
    const saved = await second.request("POST", "/api/admin/content/testimonials/drafts/", {
      version: opened.version,
      value: withFirstQuote("The second editor's words."),
    });
    expect(saved.statusCode).toBe(200);
    const stale = await first.request("POST", "/api/admin/content/testimonials/drafts/", {
      version: opened.version,
      value: withFirstQuote("The first editor's words."),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(`was saved by ${second.username}`);
    const now = await editorState(first);
    expect((now.value as TestimonialsContent).items[0]!.content).toBe("The second editor's words.");
  });

  it("refuses a draft that breaks the rules, naming each field, and saves nothing", async () => {
    const editor = await signedInAdmin(t, "editor");
    const state = await editorState(editor);
    const broken = { ...testimonialsContent, items: [{ ...testimonialsContent.items[0]!, name: "  ", rating: 7 }] };
    const refused = await editor.request("POST", "/api/admin/content/testimonials/drafts/", { version: state.version, value: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ "items.0.name": ["Fill this in."], "items.0.rating": ["Give at most 5 stars."] });
    expect((await editorState(editor)).revisions.length).toBe(state.revisions.length);
    expect((await editor.request("POST", "/api/admin/content/banners/drafts/", { version: 1, value: {} })).statusCode).toBe(400);
  });

  it("shows markup an editor typed as text, never as markup", async () => {
    const editor = await signedInAdmin(t, "editor");
    const state = await editorState(editor);
    const saved = await editor.request("POST", "/api/admin/content/testimonials/drafts/", {
      version: state.version,
      value: withFirstQuote('<img src=x onerror="alert(1)">'),
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.services.siteContent.newest("testimonials")).items[0]!.content).toBe('<img src=x onerror="alert(1)">');
  });

  it("publishes a draft at the chosen time, and not before", async () => {
    const editor = await signedInAdmin(t, "editor");
    let state = await editorState(editor, "pricing");
    const draft = await editor.request("POST", "/api/admin/content/pricing/drafts/", {
      version: state.version,
      value: { ...(state.value as object), banner: { title: "Monsoon Special", text: "Half price in the rains." } },
    });
    // Kathmandu wall-clock minutes: the schedule is to the minute.
    const at = new Date(Math.ceil((t.clock.now.getTime() + 2 * 60 * 60_000) / 60_000) * 60_000);
    const scheduled = await editor.request("POST", "/api/admin/content/pricing/publish/", {
      version: draft.json().version,
      at: kathmanduLocalInput(at.toISOString()),
    });
    expect(scheduled.json().message).toMatch(/^Revision 2 will be published on .* Kathmandu time\.$/);
    state = await editorState(editor, "pricing");
    expect(state.scheduledAt).toBe(at.toISOString());

    t.clock.advance(60 * 60_000);
    expect(await t.app.services.siteContent.publishDue()).toEqual([]);
    expect((await t.app.services.siteContent.published("pricing")).banner.title).toBe("Startup Special");
    t.clock.advance(61 * 60_000);
    expect(await t.app.services.siteContent.publishDue()).toEqual(["pricing"]);
    expect((await t.app.services.siteContent.published("pricing")).banner.title).toBe("Monsoon Special");
    // Two hours on, the editor signs in again.
    const later = await signedInAdmin(t, "editor");
    expect((await editorState(later, "pricing")).scheduledAt).toBeNull();
    const past = await later.request("POST", "/api/admin/content/pricing/publish/", {
      version: (await editorState(later, "pricing")).version,
      at: "2020-01-01T00:00",
    });
    expect(past.statusCode).toBe(400);
  });

  it("shows what each revision changed and restores any of them as a draft", async () => {
    const editor = await signedInAdmin(t, "editor");
    const revision = (await editor.request("GET", "/api/admin/content/testimonials/revisions/2/")).json<{
      author: string;
      changes: { field: string; before: string; after: string }[];
    }>();
    expect(revision.changes).toEqual([
      { field: "Testimonials › Testimonial 1 › Quote", before: testimonialsContent.items[0]!.content, after: "Quokkaquest delivered our platform early." },
    ]);
    const state = await editorState(editor);
    const restored = await editor.request("POST", "/api/admin/content/testimonials/revisions/1/restore/", { version: state.version });
    expect(restored.json().message).toMatch(/^Revision 1 is restored as draft revision \d+\./);
    await editor.request("POST", "/api/admin/content/testimonials/publish/", { version: restored.json().version });
    expect(await t.app.services.siteContent.published("testimonials")).toEqual(testimonialsContent);
    expect((await editor.request("GET", "/api/admin/content/testimonials/revisions/999/")).statusCode).toBe(404);
  });

  it("is for owners and editors only, and every change is in the audit log", async () => {
    for (const role of ["support", "recruiter"] as const) {
      const other = await signedInAdmin(t, role);
      expect((await other.request("GET", "/api/admin/content/")).statusCode).toBe(403);
      expect((await other.request("POST", "/api/admin/content/testimonials/drafts/", { version: 1, value: testimonialsContent })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/content/" })).statusCode).toBe(401);
    const owner = await signedInAdmin(t, "owner");
    const audit = (await owner.request("GET", "/api/admin/audit/?action=content.published")).json<{ results: { action: string; who: string }[] }>();
    expect(audit.results.map((row) => row.who)).toContain("schedule");
  });

  it("moves all content and its history to another site as one file", async () => {
    const owner = await signedInAdmin(t, "owner");
    const exported = await owner.request("GET", "/api/admin/content/export/");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="site-content-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = exported.json<ContentExport>();
    expect(file.documents.map((document) => document.type)).toEqual([...SITE_CONTENT_TYPES]);

    const other = await buildTestApp({ rateLimitsDisabled: true });
    try {
      const otherOwner = await signedInAdmin(other, "owner");
      const imported = await otherOwner.request("POST", "/api/admin/content/import/", file);
      expect(imported.json().message).toBe(`Imported ${SITE_CONTENT_TYPES.length} content types; each is live now.`);
      expect((await other.app.services.siteContent.published("pricing")).banner.title).toBe("Monsoon Special");
      // The team's photo came with the file, into the other site's media library.
      expect(Object.keys(file.photos)).toHaveLength(1);
      const photo = (await other.app.services.siteContent.published("team")).leaders[0]!.photo!;
      expect(photo.alt).toBe("Aarav Shrestha in the Lalitpur office");
      expect(Object.keys(await other.app.services.media.sources([photo.id]))).toEqual([photo.id]);
      const refused = await otherOwner.request("POST", "/api/admin/content/import/", {
        ...file,
        documents: [{ ...file.documents[0]!, publishedRevision: 1, revisions: [{ ...file.documents[0]!.revisions[0]!, number: 1, body: { items: [] } }] }],
      });
      expect(refused.statusCode).toBe(400);
      expect((await other.app.services.siteContent.published("pricing")).banner.title).toBe("Monsoon Special");
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("several instances on one PostgreSQL", () => {
  it("show a change published on one instance on every other within seconds", async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: postgresUrlOf(database)! };
    const first = await buildTestApp({ rateLimitsDisabled: true, database, env });
    const second = await buildTestApp({ rateLimitsDisabled: true, database: secondInstanceOf(database), env });
    try {
      expect((await second.app.services.siteContent.published("testimonials")).title).toBe(testimonialsContent.title);
      const editor = await signedInAdmin(first, "editor");
      const state = await editorState(editor);
      const saved = await editor.request("POST", "/api/admin/content/testimonials/drafts/", {
        version: state.version,
        value: { ...testimonialsContent, title: "Clients in their own words" },
      });
      await editor.request("POST", "/api/admin/content/testimonials/publish/", { version: saved.json().version });
      await expect
        .poll(async () => (await second.app.services.siteContent.published("testimonials")).title, { timeout: 5000 })
        .toBe("Clients in their own words");
    } finally {
      await second.close();
      await first.close();
    }
  });
});
