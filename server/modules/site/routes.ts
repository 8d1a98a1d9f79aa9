import type { FastifyPluginAsync } from "fastify";
import { site } from "#app/content/site.ts";
import { isUnlisted } from "#app/lib/rendering.ts";
import { dataProcessingAgreement } from "#app/content/dpa.ts";
import { DPA_PATH } from "#app/content/legal.ts";
import { sitemapXml, type SitemapEntry, type SitemapSource } from "./sitemap";

export interface SiteRoutesOptions {
  /** Paths of the route table's pages that take no parameters. */
  pagePaths: () => Promise<string[]> | string[];
  /** Areas with content in the database (posts, jobs) add their pages here. */
  sitemapSources: SitemapSource[];
  ping: () => Promise<void>;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, options) => {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (_request, reply) => {
    try {
      await Promise.race([options.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("database did not answer within 2 s")), 2000).unref())]);
      return { status: "ready", database: "ok" };
    } catch (error) {
      return reply.code(503).send({ status: "unavailable", database: (error as Error).message });
    }
  });

  // The data processing agreement, made from the company's details on first request and kept; pdfkit
  // loads only then, so a server that never gives it out never holds it.
  let agreement: Promise<Buffer> | undefined;
  app.get(DPA_PATH, async (_request, reply) => {
    agreement ??= import("./dpa").then((module) => module.renderDataProcessingAgreement());
    const pdf = await agreement.catch((error: unknown) => {
      agreement = undefined;
      throw error;
    });
    return reply
      .type("application/pdf")
      .header("content-disposition", `attachment; filename="${dataProcessingAgreement.fileName}"`)
      .header("cache-control", "public, max-age=86400")
      .send(pdf);
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /adminPanel\nDisallow: /postblog\nDisallow: /admin-login\nDisallow: /dashboard\n\nSitemap: ${site.url}/sitemap.xml\n`,
      ),
  );

  app.get("/sitemap.xml", async (_request, reply) => {
    const entries = new Map<string, SitemapEntry>(
      [...new Set(await options.pagePaths())]
        .filter((path) => !isUnlisted(path))
        .sort()
        .map((path) => [path, { path }]),
    );
    // A source may date a page already listed (the pages whose words staff publish): one entry, with its date.
    for (const source of options.sitemapSources) for (const entry of await source()) entries.set(entry.path, entry);
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(sitemapXml(site.url, [...entries.values()]));
  });
};
