import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { posts } from "../modules/blog/schema";

let t: TestContext;
let editor: Awaited<ReturnType<typeof signedInAdmin>>;
let categoryId: number;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await signedInAdmin(t);
  categoryId = (await editor.request("POST", "/api/categories/", { name: "Cloud" })).json().id;
  png = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function postForm(title: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ title, excerpt: "An excerpt.", content: "Some text.", read_time: "3", featured: "false" }))
    form.append(name, value);
  form.append("categories", String(categoryId));
  form.append("featured_image", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
  return form;
}

const listTitles = async (headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: "GET", url: "/api/blog/posts/?per_page=50", headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: { title: string }[] }).results.map((post) => post.title);
};

describe("kept copies of public lists", () => {
  it("answers br or gzip as the client accepts, and 304 to a client that has the copy", async () => {
    const url = "/api/blog/posts/?per_page=20";
    const plain = await t.app.inject({ method: "GET", url });
    const brotli = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    const gzip = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);

    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("sends a list asked for again in fewer bytes once its copy is recompressed, and the same list", async () => {
    for (const title of ["Edge caching in Kathmandu", "Data pipelines for co-ops", "Zero-trust for small teams"]) {
      expect((await editor.request("POST", "/api/posts/", postForm(title))).statusCode).toBe(201);
    }
    const url = "/api/blog/posts/?per_page=10";
    const brotli = () => t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    const plain = (await t.app.inject({ method: "GET", url })).body;
    const first = await brotli();
    await expect.poll(async () => (await brotli()).rawPayload.length).toBeLessThan(first.rawPayload.length);
    const refined = await brotli();
    expect(brotliDecompressSync(refined.rawPayload).toString()).toBe(plain);
    expect(refined.headers.etag).toBe(first.headers.etag);
  });

  it("shows a post in the list right after it is saved, and drops it right after it is deleted", async () => {
    expect(await listTitles()).not.toContain("Fresh from the editor");
    const created = await editor.request("POST", "/api/posts/", postForm("Fresh from the editor"));
    expect(created.statusCode).toBe(201);
    expect(await listTitles()).toContain("Fresh from the editor");
    const { id } = created.json();

    expect((await editor.request("PATCH", `/api/posts/${id}/`, postForm("Edited in the editor"))).statusCode).toBe(200);
    const titles = await listTitles();
    expect(titles).toContain("Edited in the editor");
    expect(titles).not.toContain("Fresh from the editor");

    expect((await editor.request("DELETE", `/api/posts/${id}/`)).statusCode).toBe(204);
    expect(await listTitles()).not.toContain("Edited in the editor");
  });

  it("never keeps a copy for a visitor with a session: an admin always sees the current list", async () => {
    const asAdmin = await editor.request("GET", "/api/blog/posts/?per_page=50");
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers.etag).toBeUndefined();
  });
});

describe("one copy per page, whatever else the address carries", () => {
  it("keeps one copy for a list asked for with 100 different parameters it does not read", async () => {
    const before = t.app.pageCache.stats().entries;
    const answers: Awaited<ReturnType<typeof t.app.inject>>[] = [];
    for (let n = 0; n < 100; n++) answers.push(await t.app.inject({ method: "GET", url: `/api/blog/posts/?per_page=3&utm_source=mail${n}&fbclid=${n}` }));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.body === answers[0]!.body)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(t.app.pageCache.stats().entries).toBe(before + 1);
  });

  it("keeps a copy of its own for each value of a parameter the list reads, in any order", async () => {
    const titles = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `/api/blog/posts/?${query}` })).json().results.map((post: { title: string }) => post.title);
    const before = t.app.pageCache.stats().entries;
    const first = await titles("per_page=1&page=1");
    const second = await titles("per_page=1&page=2");
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(await titles("page=2&per_page=1&ref=x")).toEqual(second);
    expect(await titles("per_page=1&page=1&category=Nothing-here")).toEqual([]);
    expect(t.app.pageCache.stats().entries).toBe(before + 3);
  });
});

describe("the encoding of a kept list, as RFC 9110 negotiates it", () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ["", undefined],
    ["gzip, br", "br"],
    ["br;q=0.9", "br"],
    ["gzip;q=0.8", "gzip"],
    ["br;q=0.9, gzip;q=0.8", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0", undefined],
    ["gzip;q=0, br;q=0", undefined],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["identity;q=0, gzip", "gzip"],
    ["identity;q=0", undefined],
    ["deflate", undefined],
    ["br; q=0", undefined],
    ["gzip; q=0.001, br;q=0.000", "gzip"],
  ];
  it.each(cases)("Accept-Encoding %j gets %s", async (acceptEncoding, expected) => {
    const url = "/api/blog/posts/?per_page=20";
    const plain = await t.app.inject({ method: "GET", url });
    const answer = await t.app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
    expect(answer.headers["content-encoding"]).toBe(expected);
    const body = expected === "br" ? brotliDecompressSync(answer.rawPayload) : expected === "gzip" ? gunzipSync(answer.rawPayload) : answer.rawPayload;
    expect(body.toString()).toBe(plain.body);
  });
});

describe("a change whose announcement never came", () => {
  it("shows once the kept copy's lifetime (5 minutes) has passed", async () => {
    const url = "/api/blog/posts/?per_page=50&lost=announcement";
    const [first] = (await t.app.inject({ method: "GET", url })).json().results as { id: number; title: string }[];
    expect(first).toBeDefined();
    // Written past the content events, as a change made on another instance whose NOTIFY was lost.
    await t.database.db.update(posts).set({ title: "Changed where nobody heard" }).where(eq(posts.id, first!.id));
    const titles = async () => ((await t.app.inject({ method: "GET", url })).json().results as { title: string }[]).map((post) => post.title);
    expect(await titles()).not.toContain("Changed where nobody heard");
    t.clock.advance(4 * 60_000);
    expect(await titles()).not.toContain("Changed where nobody heard");
    t.clock.advance(60_000);
    expect(await titles()).toContain("Changed where nobody heard");
  });
});
