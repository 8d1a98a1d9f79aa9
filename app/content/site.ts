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
    email: "hello@himaltech.com.np",
    projectsEmail: "projects@himaltech.com.np",
    careersEmail: "careers@himaltech.com.np",
    legalEmail: "legal@himaltech.com.np",
    dpoEmail: "dpo@himaltech.com.np",
    phone: "+977 1-5970123",
    phoneHref: "tel:+97715970123",
    whatsappChat: "https://wa.me/97715970123",
    discordInvite: "https://discord.gg/himaltech",
    address: {
      street: "Jhamsikhel Road 12",
      locality: "Lalitpur",
      region: "Bagmati",
      postalCode: "44700",
      country: "NP",
      countryName: "Nepal",
    },
    geo: { latitude: 27.6788, longitude: 85.3066 },
  },
  /** Structured data states the office hours that search engines show. */
  openingHours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
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
