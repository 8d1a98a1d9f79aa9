import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "#contracts/search.ts";
import { signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { secondInstanceOf } from "../../../tests/helpers/database";
import { searchWords } from "./schema";

let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
let categoryId: number;
let cover: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInAdmin(t);
  categoryId = (await t.app.services.blog.createCategory("Field notes")).id;
  cover = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function search(q: string, extra = ""): Promise<SearchResponse> {
  const response = await t.app.inject({ url: `/api/search/?q=${encodeURIComponent(q)}${extra}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const urlsOf = (response: SearchResponse) => response.results.map((result) => result.url);
/** Those of `words` the index's vocabulary holds, in order. */
const vocabulary = async (words: string[]) =>
  (await t.database.db.select().from(searchWords).where(inArray(searchWords.word, words)).orderBy(searchWords.word)).map((row) => row.word);

function postForm(fields: { title: string; excerpt: string; content: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, read_time: "4", featured: "false", categories: String(categoryId) })) form.append(name, value);
  form.append("featured_image", new Blob([new Uint8Array(cover)], { type: "image/png" }), "cover.png");
  return form;
}

describe("GET /api/search/", () => {
  it("finds the site's own pages, the title above the body, with the matched words and their synonyms marked in the snippet", async () => {
    const found = await search("pricing");
    expect(found.results[0]).toMatchObject({ url: "/pricing", title: "Pricing", type: "page" });
    for (const result of found.results) {
      expect(result.highlights.length).toBeGreaterThan(0);
      for (const [start, end] of result.highlights)
        expect(result.snippet.slice(start, end).toLowerCase()).toMatch(/^(pric|cost|fee|rate|quot|budget|expensive|cheap|affordable|charge|how much)/);
    }
  });

  it("tolerates typos: a misspelt word is replaced by the nearest word the site holds", async () => {
    const cyber = await search("cybersecurty");
    expect(cyber.correctedQuery).toBe("cybersecurity");
    expect(urlsOf(cyber)[0]).toBe("/services/cybersecurity");

    const kubernetes = await search("kubernets");
    expect(kubernetes.correctedQuery).toBe("kubernetes");
    expect(urlsOf(kubernetes)).toContain("/services/cloud");

    // An everyday word is meant as written, though the site never uses it: "feel" is not "fee".
    expect((await search("things feel slow")).correctedQuery).toBeNull();
  });

  it("reads a misspelt everyday word as the word one slip away, also when the site holds its stem, and an acronym as written unless two of its letters are swapped", async () => {
    // "hierd" is no site word within a slip; "remotly" and "outsid" share their stems with "remote" and "outside".
    expect((await search("hierd")).correctedQuery).toBe("hired");
    expect((await search("remotly outsid nepal")).correctedQuery).toBe("remotely outside nepal");
    // In capitals it is an acronym the site does not use, not "same" misspelt.
    const saml = await search("SAML");
    expect(saml.correctedQuery).toBeNull();
    expect(saml.results).toEqual([]);
    // An acronym with two neighbouring letters swapped is the thesaurus's own.
    const gdpr = await search("GDRP");
    expect(gdpr.correctedQuery).toBe("gdpr");
    expect(urlsOf(gdpr)[0]).toBe("/gdpr");
  });

  it("reads the word being typed as the start of a word, and stemmed words as their stem", async () => {
    expect(urlsOf(await search("kuber", "&instant=1"))).toContain("/services/cloud");
    expect(urlsOf(await search("cybersec", "&instant=1"))).toContain("/services/cybersecurity");
    const securi = await search("securi", "&instant=1");
    expect(securi.results.length).toBeGreaterThan(0);
    // Each result holds the word in its snippet, marked (with the words sharing its stem), or else in its title.
    for (const result of securi.results) {
      const marked = result.highlights.map(([start, end]) => result.snippet.slice(start, end).toLowerCase());
      if (!/securi/i.test(result.title)) expect(marked, result.url).toContainEqual(expect.stringMatching(/^secur/));
    }
    expect(urlsOf(await search("migrations plans"))).toContain("/services/cloud");
  });

  it("ranks the pages holding every word first, and those holding some after them rather than not at all", async () => {
    const both = await search("kubernetes pricing");
    const urls = urlsOf(both);
    // The cloud page speaks of Kubernetes, the pricing page of prices: each holds part of the query, neither vanishes.
    expect(urls).toContain("/services/cloud");
    expect(urls).toContain("/pricing");
    const none = await search("kubernetes zzyzx");
    expect(urlsOf(none)).toContain("/services/cloud");
  });

  it("reads visitors' abbreviations and everyday words as the site's own: pentest, k8s, iPhone, perks, openings", async () => {
    expect(urlsOf(await search("pentest")).slice(0, 3)).toContain("/services/cybersecurity");
    expect(urlsOf(await search("k8s")).slice(0, 3)).toContain("/services/cloud");
    expect(urlsOf(await search("iphone app")).slice(0, 3)).toContain("/services/software");
    expect(urlsOf(await search("perks")).slice(0, 3)).toContain("/careers");
    expect(urlsOf(await search("where is your ofice")).slice(0, 3)).toContain("/contact");
  });

  it("finds nothing for an empty query, and refuses one too long, with a NUL, or with a limit out of range", async () => {
    expect(await search("")).toMatchObject({ results: [], total: 0 });
    expect(await search("   ")).toMatchObject({ results: [], total: 0 });
    for (const url of [
      `/api/search/?q=${"a".repeat(201)}`,
      "/api/search/?q=a%00b",
      "/api/search/?q=cloud&limit=51",
      "/api/search/?q=cloud&limit=0",
      "/api/search/?q=cloud&page=x",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    for (const [url, range] of [
      ["/api/search/?q=cloud&limit=100", "limit as a whole number from 1 to 50"],
      ["/api/search/?q=cloud&limit=0", "limit as a whole number from 1 to 50"],
      ["/api/search/?q=cloud&page=x", "page as a whole number from 1 to 50"],
    ])
      expect((await t.app.inject({ url })).json().message, url).toContain(range);
    expect((await search("a".repeat(200))).results).toEqual([]);
  });

  it("treats query syntax as words: quotes, operators and brackets are not read as a query language", async () => {
    for (const q of ["cloud & | ! ( ) :* '", "'; drop table search_documents; --", "\\", "<script>", "cloud:*A"]) expect((await search(q)).query).toBe(q);
    expect(urlsOf(await search("cloud"))).toContain("/services/cloud");
  });

  it("pages through the results and counts them", async () => {
    const first = await search("cloud", "&limit=3");
    const second = await search("cloud", "&limit=3&page=2");
    expect(first.total).toBeGreaterThan(3);
    expect(first.results).toHaveLength(3);
    expect(second.page).toBe(2);
    expect(urlsOf(second).some((url) => urlsOf(first).includes(url))).toBe(false);
  });

  it("gives at most eight results while the visitor types", async () => {
    expect((await search("cloud", "&instant=1&limit=20")).results).toHaveLength(8);
  });
});

describe("the index follows the blog and the careers page", () => {
  it("finds a post from its publication time on", async () => {
    await t.app.services.blog.createPost({
      title: "Rhododendron season",
      excerpt: "Spring.",
      content: "Bloom.",
      readTimeMinutes: 3,
      featured: false,
      categoryIds: [categoryId],
      publishedAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    await t.app.services.search.sync("post");
    expect(urlsOf(await search("rhododendron"))).toEqual([]);
    t.clock.advance(3_600_000);
    expect(urlsOf(await search("rhododendron"))).toHaveLength(1);
    owner = await signedInAdmin(t); // the admin session idled out while the clock moved
  });

  it("finds a post as soon as it is saved, finds it by its new words once edited, and not at all once deleted", async () => {
    const created = await owner.request(
      "POST",
      "/api/posts/",
      postForm({ title: "Glacier lake sensors", excerpt: "Telemetry from Imja.", content: "## Hardware\n\nLoRa radios on the moraine." }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await search("glacier")).results[0]).toMatchObject({ url: `/blog/${id}`, type: "post", title: "Glacier lake sensors" });
    expect(urlsOf(await search("moraine"))).toEqual([`/blog/${id}`]);

    const edited = await owner.request(
      "PATCH",
      `/api/posts/${id}/`,
      postForm({ title: "Avalanche radar", excerpt: "Telemetry from Imja.", content: "Doppler units." }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(urlsOf(await search("avalanche"))).toEqual([`/blog/${id}`]);
    expect(urlsOf(await search("moraine"))).toEqual([]);
    // A word no document holds any more is forgotten: a misspelling is not corrected to it.
    expect(await vocabulary(["moraine", "avalanche", "doppler"])).toEqual(["avalanche", "doppler"]);
    expect((await search("morain")).correctedQuery).toBeNull();

    expect((await owner.request("DELETE", `/api/posts/${id}/`)).statusCode).toBe(204);
    expect(urlsOf(await search("avalanche"))).toEqual([]);
    expect(await vocabulary(["avalanche", "doppler", "imja"])).toEqual([]);
  });

  it("finds an open job, and stops finding it once it is closed or past its closing date", async () => {
    const job = {
      title: "Glaciologist Data Engineer",
      type: "Full-time",
      department: "Engineering",
      location: "Remote",
      salary: "",
      description: "Pipelines for permafrost telemetry.",
      requirements: ["SQL"],
      responsibilities: ["Pipelines"],
    };
    const created = await owner.request("POST", "/api/admin/jobs/", job);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await search("permafrost")).results).toEqual([expect.objectContaining({ url: `/careers/apply/${id}`, type: "job", title: job.title })]);

    expect((await owner.request("POST", `/api/admin/jobs/${id}/status/`, { status: "closed" })).statusCode).toBe(200);
    expect((await search("permafrost")).results).toEqual([]);

    expect((await owner.request("POST", `/api/admin/jobs/${id}/status/`, { status: "open" })).statusCode).toBe(200);
    expect((await search("permafrost")).results).toHaveLength(1);
    const closesAt = (await t.app.services.careers.searchJobs([id]))[0]?.closesAt;
    if (closesAt) {
      t.clock.advance(closesAt.getTime() - t.clock.now.getTime() + 1000);
      expect((await search("permafrost")).results).toEqual([]);
      owner = await signedInAdmin(t);
    }
  });

  it("catches up at start with what changed while it was not listening", async () => {
    // Written past the admin's routes, as an import would: no change is announced.
    await t.app.services.blog.createPost({
      title: "Yak cheese logistics",
      excerpt: "Cold chains.",
      content: "Supply.",
      readTimeMinutes: 3,
      featured: false,
      categoryIds: [categoryId],
    });
    expect(urlsOf(await search("yak"))).toEqual([]);
    await t.app.services.search.syncAll();
    expect(urlsOf(await search("yak"))).toHaveLength(1);
  });
});

describe("two instances on one database", () => {
  it("catch up with the same changes at once without tripping over each other", async () => {
    const second = await buildTestApp({ database: secondInstanceOf(t.database) });
    try {
      for (const title of ["Sherpa logistics one", "Sherpa logistics two", "Sherpa logistics three"])
        await t.app.services.blog.createPost({ title, excerpt: "Loads.", content: "Porters.", readTimeMinutes: 2, featured: false, categoryIds: [categoryId] });
      await Promise.all([
        t.app.services.search.syncAll(),
        second.app.services.search.syncAll(),
        t.app.services.search.sync("post"),
        second.app.services.search.sync("post"),
      ]);
      expect((await search("sherpa")).total).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe("searches that find nothing", () => {
  it("are counted for staff when submitted, not while still being typed", async () => {
    await search("quantum blockchain", "&instant=1");
    await search("Quantum   blockchain");
    await search("quantum blockchain");
    const misses = await owner.request("GET", "/api/admin/search/misses/");
    expect(misses.statusCode).toBe(200);
    expect(misses.json().results.filter((miss: { query: string }) => miss.query.includes("quantum"))).toEqual([
      expect.objectContaining({ query: "quantum blockchain", count: 2 }),
    ]);
  });

  it("are shown to the roles that look after content and enquiries only", async () => {
    for (const [role, status] of [
      ["editor", 200],
      ["support", 200],
      ["recruiter", 403],
    ] as const) {
      const admin = await signedInAdmin(t, role);
      expect((await admin.request("GET", "/api/admin/search/misses/")).statusCode, role).toBe(status);
    }
    expect((await t.app.inject({ url: "/api/admin/search/misses/" })).statusCode).toBe(401);
  });
});

describe("rate limits", () => {
  it("answers 429 once one address has searched 120 times in a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await t.app.inject({ url: "/api/search/?q=cloud", remoteAddress: "203.0.113.77" })).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await t.app.inject({ url: "/api/search/?q=cloud", remoteAddress: "203.0.113.78" })).statusCode).toBe(200);
  });
});
