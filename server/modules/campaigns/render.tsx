import { randomBytes } from "node:crypto";
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { site } from "#app/content/site.ts";

export interface CampaignContent {
  subject: string;
  preheader: string;
  body: string;
}

/** What differs from one recipient's copy to the next: where each link, the open pixel and the unsubscribe link go. */
export interface Personalisation {
  link: (index: number, url: string) => string;
  /** Absent in a test or a preview: nothing is counted. */
  openPixel?: string;
  unsubscribe: string;
}

export interface PreparedCampaign {
  /** The body's web links, in order of first appearance: what a tracked click may lead to. */
  links: string[];
  /** Renders one recipient's copy from the campaign's single rendering. */
  personalise(personal: Personalisation): { html: string; text: string };
}

const isWebLink = (href: string) => /^https?:\/\//i.test(href);

const postalAddress = [
  site.legalName,
  site.contact.address.street,
  `${site.contact.address.locality} ${site.contact.address.postalCode}`,
  site.contact.address.countryName,
].join(", ");

const styles = {
  page: { margin: 0, padding: "24px 0", backgroundColor: "#f4f4f7", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2937" },
  card: { maxWidth: 600, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 8, padding: "32px 28px", lineHeight: 1.6, fontSize: 16 },
  brand: { margin: "0 0 24px", fontSize: 20, fontWeight: 700, color: "#4338ca" },
  footer: { maxWidth: 600, margin: "16px auto 0", padding: "0 28px", fontSize: 12, lineHeight: 1.5, color: "#6b7280" },
  link: { color: "#4338ca" },
  image: { maxWidth: "100%", height: "auto", borderRadius: 6 },
  preheader: { display: "none", overflow: "hidden", maxHeight: 0, opacity: 0 },
  heading: { margin: "0 0 16px", fontSize: 26, lineHeight: 1.25, color: "#111827" },
  subheading: { margin: "24px 0 12px", fontSize: 20, lineHeight: 1.3, color: "#111827" },
} satisfies Record<string, CSSProperties>;

/**
 * Renders the campaign once, with a random marker where each recipient's own addresses go, so that
 * ten thousand copies cost ten thousand string replacements rather than ten thousand renderings.
 * Raw HTML in the markdown is dropped, and react-markdown removes unsafe link schemes.
 */
export function prepareCampaign(content: CampaignContent): PreparedCampaign {
  const marker = `campaign-${randomBytes(8).toString("hex")}`;
  const links: string[] = [];
  const linkIndex = (href: string) => {
    const found = links.indexOf(href);
    return found >= 0 ? found : links.push(href) - 1;
  };
  const components: Components = {
    a: ({ node: _node, href, children }) =>
      href && isWebLink(href) ? (
        <a href={`${marker}:link:${linkIndex(href)}`} style={styles.link}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
    h1: ({ node: _node, children }) => <h1 style={styles.heading}>{children}</h1>,
    h2: ({ node: _node, children }) => <h2 style={styles.subheading}>{children}</h2>,
    img: ({ node: _node, src, alt }) => (typeof src === "string" && isWebLink(src) ? <img src={src} alt={alt ?? ""} style={styles.image} /> : null),
  };
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{content.subject}</title>
        </head>
        <body style={styles.page}>
          {content.preheader ? <div style={styles.preheader}>{content.preheader}</div> : null}
          <div style={styles.card}>
            <p style={styles.brand}>{site.name}</p>
            <Markdown skipHtml remarkPlugins={[remarkGfm]} components={components}>
              {content.body}
            </Markdown>
          </div>
          <div style={styles.footer}>
            <p>
              You receive this because this address subscribed to the {site.name} newsletter.{" "}
              <a href={`${marker}:unsubscribe`} style={styles.link}>
                Unsubscribe
              </a>
            </p>
            <p>{postalAddress}</p>
          </div>
          <img src={`${marker}:open`} alt="" width={1} height={1} style={{ display: "block", border: 0 }} />
        </body>
      </html>,
    );
  const text = plainText(content, linkIndex, marker);
  const markers = new RegExp(`${marker}:(link:(\\d+)|open|unsubscribe)`, "g");

  return {
    links,
    personalise(personal) {
      const fill = (_match: string, kind: string, index?: string) =>
        kind === "open" ? (personal.openPixel ?? "") : kind === "unsubscribe" ? personal.unsubscribe : personal.link(Number(index), links[Number(index)]!);
      const personalHtml = personal.openPixel ? html : html.replace(/<img src="[^"]*:open"[^>]*\/?>/, "");
      return { html: personalHtml.replace(markers, fill), text: text.replace(markers, fill) };
    },
  };
}

/**
 * The plain-text part: the markdown as written, which reads well as it is, with each link written
 * out after its words. Links the HTML rendering did not keep (unsafe schemes) stay as plain words.
 */
function plainText(content: CampaignContent, linkIndex: (href: string) => number, marker: string): string {
  const body = content.body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_match, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label: string, href: string) => (isWebLink(href) ? `${label} (${marker}:link:${linkIndex(href)})` : label))
    .replace(/(^|[\s(<])(https?:\/\/[^\s)>]+)/g, (_match, before: string, href: string) => `${before}${marker}:link:${linkIndex(href)}`);
  return `${body}\n\n—\nYou receive this because this address subscribed to the ${site.name} newsletter.\nUnsubscribe: ${marker}:unsubscribe\n${postalAddress}\n`;
}
