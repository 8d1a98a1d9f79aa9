import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBrowser, signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { posts } from "./schema";

let t: TestContext;
let editor: Awaited<ReturnType<typeof signedInAdmin>>;
let categoryIds: number[];
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await signedInAdmin(t);
  categoryIds = [];
  for (const name of ["AI", "Cloud"]) categoryIds.push((await editor.request("POST", "/api/categories/", { name })).json().id);
  png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function postForm(
  fields: Partial<Record<"title" | "excerpt" | "content" | "read_time" | "featured", string>> & { categories?: number[]; image?: Buffer | "text" } = {},
) {
  const form = new FormData();
  const values = {
    title: "Edge AI in Nepal",
    excerpt: "Models that run where the network does not.",
    content: "## Why\n\n| a | b |\n|---|---|\n| 1 | 2 |",
    read_time: "6",
    featured: "true",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) if (name !== "categories" && name !== "image" && value !== undefined) form.append(name, String(value));
  for (const id of fields.categories ?? categoryIds) form.append("categories", String(id));
  if (fields.image === "text") form.append("featured_image", new Blob(["<html>not an image</html>"], { type: "image/png" }), "cover.png");
  else if (fields.image !== undefined) form.append("featured_image", new Blob([new Uint8Array(fields.image)], { type: "image/png" }), "cover.png");
  return form;
}

describe("Blog Post Management API", () => {
  it("refuses every call without an admin session, and unsafe calls without the CSRF token", async () => {
    const anonymous = adminBrowser(t);
    for (const [method, url] of [
      ["GET", "/api/posts/"],
      ["GET", "/api/categories/"],
      ["POST", "/api/posts/"],
      ["PATCH", "/api/posts/1/"],
      ["DELETE", "/api/posts/1/"],
      ["POST", "/api/categories/"],
    ] as const) {
      expect((await anonymous.request(method, url)).statusCode).toBe(401);
    }
    const noCsrf = await t.app.inject({ method: "DELETE", url: "/api/posts/1/", cookies: { admin_session: editor.jar.admin_session! } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("creates a post with its image and categories; the public blog shows it at once", async () => {
    const response = await editor.request("POST", "/api/posts/", postForm({ image: png }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ title: "Edge AI in Nepal", categories: categoryIds, read_time: 6, featured: true });
    expect(created.featured_image).toMatch(/^\/media\/[\w-]+-\d+\.webp$/);
    const image = await t.app.inject({ method: "GET", url: created.featured_image });
    expect(image.headers["content-type"]).toBe("image/webp");

    const publicPost = (await t.app.inject({ method: "GET", url: `/api/blog/posts/${created.id}/` })).json();
    expect(publicPost).toMatchObject({ title: "Edge AI in Nepal", category: "AI", read_time: "6 min read", featured: true });
    expect((await editor.request("GET", "/api/posts/")).json().map((post: { id: number }) => post.id)).toContain(created.id);
  });

  it("applies every rule of the form, naming the field, and stores nothing", async () => {
    const before = (await t.database.db.select().from(posts)).length;
    const cases: [Parameters<typeof postForm>[0], string, string, number?][] = [
      [{ title: "", image: png }, "title", "Title is required"],
      [{ excerpt: "", image: png }, "excerpt", "Excerpt is required"],
      [{ excerpt: "x".repeat(301), image: png }, "excerpt", "Excerpt must be 300 characters or less"],
      [{ content: "", image: png }, "content", "Content is required"],
      [{ categories: [], image: png }, "categories", "Select at least one category"],
      [{ categories: [99999], image: png }, "categories", "Unknown category"],
      [{ categories: [3_000_000_000], image: png }, "categories", "Unknown category"],
      [{ read_time: "", image: png }, "read_time", "Read time is required"],
      [{ read_time: "0", image: png }, "read_time", "Must be at least 1 minute"],
      [{}, "featured_image", "Featured image is required for new posts"],
      [{ image: "text" }, "featured_image", "could not be read", 415],
    ];
    for (const [fields, field, message, status = 400] of cases) {
      const response = await editor.request("POST", "/api/posts/", postForm(fields));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(status);
      const body = response.json();
      expect(body.errors?.[field]?.[0] ?? "", response.body).toContain(message);
    }
    expect(await t.database.db.select().from(posts)).toHaveLength(before);
  });

  it("refuses an image over 8 MB with 413", async () => {
    const huge = Buffer.alloc(8 * 1024 * 1024 + 10, 1);
    const response = await editor.request("POST", "/api/posts/", postForm({ image: huge }));
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.featured_image[0]).toMatch(/8 MB/);
  });

  it("edits a post, keeping its image when no new one is sent, and deletes it", async () => {
    const { id, featured_image } = (await editor.request("POST", "/api/posts/", postForm({ image: png }))).json();
    const edited = await editor.request(
      "PATCH",
      `/api/posts/${id}/`,
      postForm({ title: "Edge AI, revised", categories: [categoryIds[1]!], featured: "false" }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, title: "Edge AI, revised", categories: [categoryIds[1]], featured: false, featured_image });
    expect((await t.app.inject({ method: "GET", url: `/api/blog/posts/${id}/` })).json().category).toBe("Cloud");

    expect((await editor.request("DELETE", `/api/posts/${id}/`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: `/api/blog/posts/${id}/` })).statusCode).toBe(404);
    expect((await editor.request("DELETE", `/api/posts/${id}/`)).statusCode).toBe(404);
    expect((await editor.request("PATCH", `/api/posts/${id}/`, postForm())).statusCode).toBe(404);
  });

  it("creates categories once", async () => {
    expect((await editor.request("POST", "/api/categories/", { name: "AI" })).statusCode).toBe(409);
    expect((await editor.request("POST", "/api/categories/", { name: "" })).statusCode).toBe(400);
    expect((await editor.request("GET", "/api/categories/")).json().map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(["AI", "Cloud"]));
  });
});
