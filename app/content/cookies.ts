import type { CookiesContent } from "#contracts/site-content.ts";
import { site } from "./site";

export type CookieCategoryId = "essential" | "analytics" | "marketing";

/** The cookie policy's words as shipped: the first revision of the "cookies" content staff edit (decision 069). */
export const cookiesContent: CookiesContent = {
  intro: "Cookies are small files a website keeps in your browser. Here is every kind we use, and the ones you can switch off.",
  categories: {
    essential: {
      title: "Essential",
      description: "Needed for the site to work: keeping you signed in, protecting forms against forgery, and remembering these choices.",
      examples: "Session, security (CSRF) and preference cookies.",
    },
    analytics: {
      title: "Analytics",
      description: "Tell us which pages are visited, so we can see what is useful and fix what is not. First-party only; never shared.",
      examples: "Anonymous page-view counts.",
    },
    marketing: {
      title: "Marketing",
      description: "Help us measure whether our campaigns reach the right people and show you relevant content elsewhere.",
      examples: "Campaign attribution cookies.",
    },
  },
  managing: {
    title: "Managing cookies in your browser",
    text: "You can also delete cookies or block them altogether in your browser’s settings. Blocking essential cookies may stop parts of the site, such as signing in, from working.",
  },
};

/** The kinds of cookie, in the order the page shows them. */
export const COOKIE_CATEGORY_IDS: readonly CookieCategoryId[] = ["essential", "analytics", "marketing"];

export const cookiePolicy = {
  seo: {
    title: "Cookie Policy",
    description: `Which cookies the ${site.name} website uses, why, and how to allow or block analytics and marketing cookies.`,
    keywords: ["cookie policy", "cookies", "cookie preferences", "analytics cookies", "marketing cookies"],
  },
  eyebrow: "Legal",
  title: "Cookie Policy",
  alwaysActive: "Always active",
  allowed: "Allowed",
  blocked: "Blocked",
  save: "Save Preferences",
  saved: "Preferences Saved!",
  rejectAll: "Reject All",
} as const;
