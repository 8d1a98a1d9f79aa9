import { describe, expect, it } from "vitest";
import { contactFacts } from "#app/content/contact-facts.ts";
import { jsonLdText, organizationGraph, seo } from "./seo";

const find = (meta: ReturnType<typeof seo>, key: string, value: string) =>
  meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;

type JsonLd = { "script:ld+json": { "@graph": ({ "@type": string } & Record<string, unknown>)[] } };
describe("seo", () => {
  const meta = seo({ title: "About", description: "Who we are.", path: "/about" });

  it("titles the page with the brand and describes it", () => {
    expect(meta[0]).toEqual({ title: "About | HimalTech" });
    expect(find(meta, "name", "description")?.content).toBe("Who we are.");
    expect(find(meta, "name", "robots")?.content).toBe("index,follow");
  });

  it("keeps a private page out of search results and its address out of Referer headers", () => {
    const personal = seo({ title: "Your conversation", description: "Private.", path: "/conversation/1-abc", noindex: true });
    expect(personal.filter((entry) => (entry as Record<string, unknown>).name === "robots")).toEqual([{ name: "robots", content: "noindex,nofollow" }]);
    expect(find(personal, "name", "referrer")?.content).toBe("same-origin");
    expect(find(meta, "name", "referrer")).toBeUndefined();
  });

  it("gives an absolute canonical, Open Graph and Twitter card", () => {
    expect(find(meta, "rel", "canonical")?.href).toBe("https://himaltech.com.np/about");
    expect(find(meta, "property", "og:url")?.content).toBe("https://himaltech.com.np/about");
    expect(find(meta, "property", "og:image")?.content).toBe("https://himaltech.com.np/og-default.png");
    expect([find(meta, "property", "og:image:width")?.content, find(meta, "property", "og:image:height")?.content]).toEqual(["1200", "630"]);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("states the Organization and a LocalBusiness in Kathmandu open Monday to Friday 09:00-17:00, from the contact facts", () => {
    const graph = organizationGraph(contactFacts);
    expect(graph.find((node) => node["@type"] === "LocalBusiness")).toMatchObject({
      address: { addressLocality: "Kathmandu", streetAddress: "Jhamsikhel Road 12" },
      openingHoursSpecification: [{ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" }],
      geo: { latitude: 27.6788, longitude: 85.3066 },
    });
    const moved = organizationGraph({ ...contactFacts, phone: "+977 1-4411223", openingHours: { days: ["Sunday"], opens: "10:00", closes: "16:00" } });
    expect(moved.find((node) => node["@type"] === "Organization")).toMatchObject({
      telephone: "+977 1-4411223",
      sameAs: expect.arrayContaining(["https://wa.me/97714411223"]),
    });
    expect(moved.find((node) => node["@type"] === "LocalBusiness")).toMatchObject({
      openingHoursSpecification: [{ dayOfWeek: ["Sunday"], opens: "10:00", closes: "16:00" }],
    });
    // Each page's own graph names its publisher by id, stated once by the layout.
    const ld = meta.find((entry) => "script:ld+json" in entry) as JsonLd;
    expect(ld["script:ld+json"]["@graph"].find((node) => node["@type"] === "WebPage")).toMatchObject({
      isPartOf: { publisher: { "@id": "https://himaltech.com.np/#organization" } },
    });
  });

  it("writes JSON-LD that no text in it can end the script element", () => {
    const text = jsonLdText([{ "@type": "Thing", name: "</script><script>alert(1)</script>" }]);
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)["@graph"][0].name).toBe("</script><script>alert(1)</script>");
  });

  it("adds article tags and a NewsArticle for posts", () => {
    const article = seo({
      title: "Edge AI",
      description: "x",
      path: "/blog/3",
      image: "/media/abc.webp",
      imageSize: { width: 1600, height: 900 },
      article: { publishedTime: "2026-01-02T00:00:00.000Z", author: "Asha", section: "AI" },
    });
    expect(find(article, "property", "og:type")?.content).toBe("article");
    expect([find(article, "property", "og:image:width")?.content, find(article, "property", "og:image:height")?.content]).toEqual(["1600", "900"]);
    expect(find(article, "property", "article:published_time")?.content).toBe("2026-01-02T00:00:00.000Z");
    const ld = article.find((entry) => "script:ld+json" in entry) as JsonLd;
    expect(ld["script:ld+json"]["@graph"].find((node) => node["@type"] === "NewsArticle")?.headline).toBe("Edge AI");
  });
});
