import type { MetaDescriptor } from "react-router";
import { site } from "#app/content/site.ts";
import type { ContactContent } from "#contracts/site-content.ts";
import { mapHref, whatsappHref } from "./contact-links";

export interface PageSeo {
  /** The page's own title; the brand is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** The page's path on this site, e.g. "/about". */
  path: string;
  keywords?: readonly string[];
  /** A site path or absolute URL of the social image; the default Open Graph image otherwise. */
  image?: string;
  /** The social image's pixel size, so a link preview can lay it out before fetching it. */
  imageSize?: { width: number; height: number };
  imageAlt?: string;
  article?: {
    publishedTime: string;
    modifiedTime?: string;
    author: string;
    section?: string;
  };
  /** More JSON-LD nodes for this page (a JobPosting, a BreadcrumbList …). */
  structuredData?: Record<string, unknown>[];
  /**
   * A page for one person (a private link's page): kept out of search results, its links not followed,
   * and no Referer sent to other sites, so the address with its token stays on this one ("same-origin",
   * not "no-referrer": that would also blank the Origin of the page's own form posts, which the origin
   * check refuses).
   */
  noindex?: boolean;
}

export const absoluteUrl = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.url}${pathOrUrl}`);

const organizationId = `${site.url}/#organization`;

/**
 * Organization and LocalBusiness: who publishes every public page, where it is, and when it is open, from
 * the contact facts as published. The root layout states them once for every page (decision 070); each
 * page's own graph (`seo`) names the publisher by its id.
 */
export function organizationGraph(contact: ContactContent): Record<string, unknown>[] {
  const address = {
    "@type": "PostalAddress",
    streetAddress: contact.address.street,
    addressLocality: contact.address.locality,
    addressRegion: contact.address.region,
    postalCode: contact.address.postalCode,
    addressCountry: site.contact.address.country,
  };
  return [
    {
      "@type": "Organization",
      "@id": organizationId,
      name: site.name,
      legalName: site.legalName,
      url: site.url,
      logo: absoluteUrl("/logo.png"),
      email: contact.email,
      telephone: contact.phone,
      address,
      sameAs: site.socials.map((social) => (social.name === "WhatsApp" ? whatsappHref(contact.phone) : social.href)),
    },
    {
      "@type": "LocalBusiness",
      "@id": `${site.url}/#localbusiness`,
      name: site.name,
      url: site.url,
      image: absoluteUrl(site.defaultImage),
      telephone: contact.phone,
      email: contact.email,
      priceRange: "$$",
      address: { ...address, addressLocality: "Kathmandu" },
      geo: { "@type": "GeoCoordinates", latitude: contact.map.latitude, longitude: contact.map.longitude },
      hasMap: mapHref(contact.map),
      areaServed: "Worldwide",
      parentOrganization: { "@id": organizationId },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: contact.openingHours.days,
          opens: contact.openingHours.opens,
          closes: contact.openingHours.closes,
        },
      ],
    },
  ];
}

/** A JSON-LD graph as the text of its script element: nothing in it can close the element. */
export const jsonLdText = (graph: Record<string, unknown>[]) => JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");

/**
 * Everything a search engine or link preview reads about a page, built from the page's data:
 * title, description, keywords, canonical, robots, Open Graph, Twitter card and JSON-LD.
 */
export function seo(page: PageSeo): MetaDescriptor[] {
  const title = page.fullTitle ? page.title : `${page.title} | ${site.name}`;
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(page.image ?? site.defaultImage);
  const imageSize = page.image ? page.imageSize : site.defaultImageSize;
  const imageAlt = page.imageAlt ?? page.title;
  const type = page.article ? "article" : "website";

  const graph: Record<string, unknown>[] = [
    {
      "@type": "WebPage",
      "@id": `${url}#webpage`,
      url,
      name: title,
      description: page.description,
      isPartOf: { "@type": "WebSite", "@id": `${site.url}/#website`, name: site.name, url: site.url, publisher: { "@id": organizationId } },
    },
  ];
  if (page.article) {
    graph.push({
      "@type": "NewsArticle",
      "@id": `${url}#article`,
      headline: page.title.slice(0, 110),
      description: page.description,
      image: [image],
      datePublished: page.article.publishedTime,
      dateModified: page.article.modifiedTime ?? page.article.publishedTime,
      author: { "@type": "Person", name: page.article.author },
      articleSection: page.article.section,
      mainEntityOfPage: { "@id": `${url}#webpage` },
      publisher: { "@id": organizationId },
    });
  }
  graph.push(...(page.structuredData ?? []));

  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: (page.keywords ?? site.keywords).join(", ") },
    { name: "robots", content: page.noindex ? "noindex,nofollow" : "index,follow" },
    ...(page.noindex ? [{ name: "referrer", content: "same-origin" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: site.locale },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(imageSize
      ? [
          { property: "og:image:width", content: String(imageSize.width) },
          { property: "og:image:height", content: String(imageSize.height) },
        ]
      : []),
    { property: "og:image:alt", content: imageAlt },
    ...(page.article
      ? [
          { property: "article:published_time", content: page.article.publishedTime },
          { property: "article:modified_time", content: page.article.modifiedTime ?? page.article.publishedTime },
          { property: "article:author", content: page.article.author },
          ...(page.article.section ? [{ property: "article:section", content: page.article.section }] : []),
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: site.twitterHandle },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": { "@context": "https://schema.org", "@graph": graph } },
  ];
}
