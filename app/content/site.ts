import { contactFacts } from "./contact-facts";

/** Who we are and how to reach us: the one place brand, addresses and links are written down. */
export const site = {
  name: "HimalTech",
  legalName: "HimalTech Solutions Pvt. Ltd.",
  /** The canonical address of the site: canonical links, Open Graph, sitemap and feeds use it. */
  url: "https://himaltech.com.np",
  tagline: "A growing startup delivering affordable, high-quality technology services remotely to individuals and businesses.",
  description:
    "HimalTech is a remote-first technology studio in Nepal building AI, data science, software, cybersecurity and cloud solutions for businesses of every size, with startup discounts.",
  keywords: ["AI solutions Nepal", "software development", "data science", "cybersecurity", "cloud computing", "remote technology services"],
  defaultImage: "/og-default.png",
  defaultImageSize: { width: 1200, height: 630 },
  locale: "en_US",
  twitterHandle: "@himaltech",
  contact: {
    email: contactFacts.email,
    projectsEmail: "projects@himaltech.com.np",
    careersEmail: "careers@himaltech.com.np",
    legalEmail: "legal@himaltech.com.np",
    dpoEmail: "dpo@himaltech.com.np",
    phone: contactFacts.phone,
    discordInvite: "https://discord.gg/himaltech",
    address: { ...contactFacts.address, country: "NP", countryName: "Nepal" },
  },
  socials: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/himaltech" },
    { name: "Twitter", href: "https://twitter.com/himaltech" },
    { name: "Instagram", href: "https://www.instagram.com/himaltech" },
    { name: "Facebook", href: "https://www.facebook.com/himaltech" },
    { name: "TikTok", href: "https://www.tiktok.com/@himaltech" },
    { name: "WhatsApp", href: "https://wa.me/97715970123" },
  ],
} as const;

export type SocialName = (typeof site.socials)[number]["name"];
