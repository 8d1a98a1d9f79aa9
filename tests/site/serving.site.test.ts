import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responsiveImage } from "../../server/modules/media/service";
import { signedInAdmin } from "../helpers/admin";
import type { TestContext } from "../helpers/app";
import { startSite, type TestSite } from "../helpers/site";

let site: TestSite;

beforeAll(async () => {
  site = await startSite({ seed: true });
});
afterAll(() => site.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers });
/** The bytes as sent, before fetch would unpack them. */
const raw = async (path: string, headers: Record<string, string>) => {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${site.url}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
};

describe("how pages and files are sent", () => {
  it("sends a page brotli- or gzip-compressed as the browser accepts, and the same page either way", async () => {
    for (const path of ["/", "/blog"]) {
      const brotli = await raw(path, { "accept-encoding": "gzip, deflate, br" });
      const gzip = await raw(path, { "accept-encoding": "gzip" });
      const plain = await raw(path, {});
      expect(brotli.headers["content-encoding"], path).toBe("br");
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(brotliDecompressSync(brotli.body).toString(), path).toBe(plain.body.toString());
      expect(gunzipSync(gzip.body).toString(), path).toBe(plain.body.toString());
      expect(plain.body.toString()).toContain("</html>");
    }
  });

  it("sends the encoding the client rates highest (RFC 9110), for files, rendered pages and their kept copies alike", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["br;q=0.9", "br"],
      ["gzip;q=0.8", "gzip"],
      ["br;q=0.9, gzip;q=0.8", "br"],
      ["br;q=0.8, gzip;q=0.9", "gzip"],
      ["br;q=0", undefined],
      ["br; q=0, gzip", "gzip"],
      ["*", "br"],
      ["*, br;q=0", "gzip"],
      ["identity;q=0", undefined],
      ["deflate", undefined],
    ];
    for (const path of [asset, "/", "/contact", "/blog", "/careers"]) {
      const plain = (await raw(path, {})).body.toString();
      for (const [acceptEncoding, expected] of cases) {
        const answer = await raw(path, acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding });
        expect(answer.headers["content-encoding"], `${path} ${acceptEncoding}`).toBe(expected);
        const body = expected === "br" ? brotliDecompressSync(answer.body) : expected === "gzip" ? gunzipSync(answer.body) : answer.body;
        expect(body.toString(), `${path} ${acceptEncoding}`).toBe(plain);
      }
    }
  });

  it("answers 304 Not Modified to a browser that already has the page", async () => {
    for (const path of ["/", "/about", "/contact", "/blog", "/careers"]) {
      const first = await get(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      expect(first.headers.get("cache-control"), path).toMatch(/no-cache|max-age=0, must-revalidate/);
      expect(first.headers.get("set-cookie"), path).toBeNull(); // the same page for every visitor
      const again = await get(path, { "if-none-match": etag! });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
    }
  });

  it("lets browsers keep hashed assets and media for a year, without asking again", async () => {
    const html = await (await get("/")).text();
    const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g)].map((match) => match[0]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 5)) {
      const response = await get(asset);
      await response.arrayBuffer(); // read to the end, so no answer is left half-sent when the server stops
      expect(response.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
    }
    const image = await site.app.services.media.store(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c8102e" } })
        .png()
        .toBuffer(),
    );
    const media = await get(responsiveImage(image).src);
    await media.arrayBuffer();
    expect(media.status).toBe(200);
    expect(media.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the blog as visitors see it while an editor works", () => {
  it("shows a saved post at once on /blog and its page, and neither once it is deleted", async () => {
    const editor = await signedInAdmin({ app: site.app } as TestContext);
    const before = await get("/blog");
    expect(await before.text()).not.toContain("Monsoon-proof networks");
    expect(before.headers.get("set-cookie")).toBeNull(); // the same page for every visitor: any shared cache may keep it

    const [category] = await site.app.services.blog.listCategories();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Monsoon-proof networks",
      excerpt: "Links that hold.",
      content: "Body.",
      read_time: "4",
      featured: "true",
    }))
      form.append(name, value);
    form.append("categories", String(category!.id));
    const cover = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#4f46e5" } })
      .png()
      .toBuffer();
    form.append("featured_image", new Blob([new Uint8Array(cover)], { type: "image/png" }), "cover.png");
    const created = await editor.request("POST", "/api/posts/", form);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    expect(await (await get("/blog")).text()).toContain("Monsoon-proof networks");
    expect(await (await get(`/blog/${id}`)).text()).toContain("Monsoon-proof networks");

    expect((await editor.request("DELETE", `/api/posts/${id}/`)).statusCode).toBe(204);
    expect(await (await get("/blog")).text()).not.toContain("Monsoon-proof networks");
    expect((await get(`/blog/${id}`)).status).toBe(404);
  });
});

describe("a page whose data cannot be read", () => {
  it("answers with a server error that shows neither the error's text nor a stack, as HTML and as data", async () => {
    const broken = await startSite();
    try {
      // A table gone missing: the page's loader fails with the query it ran in its message.
      await broken.database.db.execute(sql`drop table newsletter_subscriptions cascade`);
      for (const path of ["/newsletter/confirm/abcdefghijklmnopqrstuvwxyz", "/newsletter/confirm/abcdefghijklmnopqrstuvwxyz.data"]) {
        const response = await fetch(`${broken.url}${path}`);
        const body = await response.text();
        expect(response.status, path).toBeGreaterThanOrEqual(500);
        expect(body, path).not.toMatch(/newsletter_subscriptions|Failed query|\bat .*\.(ts|js|mjs):\d+/);
      }
    } finally {
      await broken.stop();
    }
  });
});
