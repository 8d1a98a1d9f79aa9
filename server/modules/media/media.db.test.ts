import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { FILE_CHUNK_BYTES } from "../../db/files";
import { images } from "./schema";
import { MAX_IMAGE_BYTES, storeImage } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const picture = (width: number, height: number, format: "png" | "jpeg") => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 16, b: 46 } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

describe("storing images", () => {
  it("re-encodes a PNG to WebP in each width up to its own and serves them as immutable", async () => {
    const stored = await storeImage(t.database.db, await picture(1500, 1000, "png"));
    expect(stored).toMatchObject({ width: 1500, height: 1000, variantWidths: [400, 800, 1200] });
    const response = await t.app.inject({ method: "GET", url: `/media/${stored.id}-800.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const served = await sharp(response.rawPayload).metadata();
    expect(served).toMatchObject({ format: "webp", width: 800, height: 533 });
    const again = await t.app.inject({ method: "GET", url: `/media/${stored.id}-800.webp`, headers: { "if-none-match": response.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("stores a picture of 8 MB, the limit, and serves each variant whole, however many chunks it spans", async () => {
    const side = 1670;
    const noise = randomBytes(side * side * 3);
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(MAX_IMAGE_BYTES - 64 * 1024);
    expect(png.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const stored = await storeImage(t.database.db, png);
    expect(stored.variantWidths).toEqual([400, 800, 1200]);
    const sizes = [];
    for (const width of stored.variantWidths) {
      const response = await t.app.inject({ method: "GET", url: `/media/${stored.id}-${width}.webp` });
      expect(response.statusCode).toBe(200);
      expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
      // Every pixel decodes: a chunk missing, doubled or out of order would break the picture.
      const { info } = await sharp(response.rawPayload, { failOn: "warning" }).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width, height: width });
      sizes.push(response.rawPayload.length);
    }
    expect(Math.max(...sizes)).toBeGreaterThan(2 * FILE_CHUNK_BYTES);
  });

  it("stores the same picture once and keeps a small JPEG at its own width", async () => {
    const jpeg = await picture(300, 200, "jpeg");
    const first = await storeImage(t.database.db, jpeg);
    const second = await storeImage(t.database.db, jpeg);
    expect(second.id).toBe(first.id);
    expect(first.variantWidths).toEqual([300]);
    const response = await t.app.inject({ method: "GET", url: `/media/${first.id}-300.webp` });
    expect((await sharp(response.rawPayload).metadata()).format).toBe("webp");
  });

  it("refuses what is not an image, whatever its name says, and what is too large, storing nothing", async () => {
    const before = (await t.database.db.select().from(images)).length;
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    await expect(storeImage(t.database.db, html)).rejects.toMatchObject({ statusCode: 415 });
    const truncatedPng = (await picture(800, 600, "png")).subarray(0, 60);
    await expect(storeImage(t.database.db, truncatedPng)).rejects.toMatchObject({ statusCode: 415 });
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100)]);
    await expect(storeImage(t.database.db, pdf)).rejects.toMatchObject({ statusCode: 415 });
    await expect(storeImage(t.database.db, Buffer.alloc(MAX_IMAGE_BYTES + 1))).rejects.toMatchObject({ statusCode: 413 });
    await expect(storeImage(t.database.db, Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 400 });
    expect(await t.database.db.select().from(images)).toHaveLength(before);
  });

  it("answers 404 for unknown or malformed image names", async () => {
    for (const url of ["/media/0123456789abcdef0123456789abcdef-400.webp", "/media/nope.webp", "/media/../etc/passwd", "/media/abc-400.png"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});
