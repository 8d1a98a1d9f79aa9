import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { pageViews } from "./schema";

const phone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const laptop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(pageViews));

const view = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: payload as object, headers: { "user-agent": laptop, ...headers } });

describe("POST /api/analytics/pageview", () => {
  it("stores the path, device, referrer host and a visitor hash, without a cookie", async () => {
    const response = await view({ path: "/about?utm=x", referrer: "https://www.google.com/search?q=himaltech" }, { "user-agent": phone });
    expect(response.statusCode).toBe(204);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const [row] = await t.database.db.select().from(pageViews);
    expect(row).toMatchObject({ path: "/about", device: "mobile", referrerHost: "www.google.com" });
    expect(row!.visitorHash).toMatch(/^[\w-]{22}$/);
  });

  it("reads the text/plain body that sendBeacon sends", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/analytics/pageview",
      payload: JSON.stringify({ path: "/pricing" }),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": laptop },
    });
    expect(response.statusCode).toBe(204);
    expect((await t.database.db.select().from(pageViews))[0]).toMatchObject({ path: "/pricing", device: "desktop", referrerHost: null });
  });

  it("gives the same visitor the same hash within a day and a new one the next day", async () => {
    await view({ path: "/" });
    await view({ path: "/blog" });
    t.clock.advance(24 * 60 * 60 * 1000);
    await view({ path: "/" });
    const hashes = (await t.database.db.select().from(pageViews).orderBy(pageViews.id)).map((row) => row.visitorHash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it("stores nothing for Do Not Track, Global Privacy Control or a crawler", async () => {
    expect((await view({ path: "/" }, { dnt: "1" })).statusCode).toBe(204);
    expect((await view({ path: "/" }, { "sec-gpc": "1" })).statusCode).toBe(204);
    expect((await view({ path: "/" }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).statusCode).toBe(204);
    expect(await t.database.db.select().from(pageViews)).toHaveLength(0);
  });

  it("stores a view from a browser sending Global Privacy Control when the visitor allowed Analytics themselves", async () => {
    await view({ path: "/about", chosen: true }, { "sec-gpc": "1" });
    expect((await t.database.db.select().from(pageViews)).map((row) => row.path)).toEqual(["/about"]);
  });

  it("refuses a path that is not a site path, naming the field, and stores nothing", async () => {
    for (const payload of [{ path: "https://evil.example/" }, { path: "/" + "a".repeat(600) }, {}, { path: 42 }]) {
      const response = await view(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty("path");
    }
    const broken = await t.app.inject({ method: "POST", url: "/api/analytics/pageview", payload: "{not json", headers: { "content-type": "text/plain" } });
    expect(broken.statusCode).toBe(400);
    expect(await t.database.db.select().from(pageViews)).toHaveLength(0);
  });
});
