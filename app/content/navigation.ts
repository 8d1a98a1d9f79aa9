export interface NavLink {
  label: string;
  to: string;
}

export const mainNavigation: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Pricing", to: "/pricing" },
  { label: "Contact", to: "/contact" },
];

/** The header's account link: Sign In, or the way back to the account once signed in. */
export const accountNavigation = {
  signedOut: { label: "Sign In", to: "/login" },
  signedIn: { label: "My Account", to: "/dashboard" },
  admin: { label: "Admin panel", to: "/adminPanel" },
} satisfies Record<string, NavLink>;

export const serviceNavigation: (NavLink & { description: string })[] = [
  { label: "AI Solutions", to: "/services/ai", description: "Machine learning that earns its keep" },
  { label: "Data Science", to: "/services/data-science", description: "From raw data to decisions" },
  { label: "Cloud Computing", to: "/services/cloud", description: "Migrate, scale and save" },
  { label: "Cybersecurity", to: "/services/cybersecurity", description: "Find the holes before others do" },
  { label: "Software Development", to: "/services/software", description: "Web, mobile and APIs, built to last" },
];

export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "Quick Links",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Careers", to: "/careers" },
      { label: "Contact", to: "/contact" },
      { label: "Blog", to: "/blog" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Documentation", to: "/docs" },
      { label: "API Reference", to: "/user-api" },
      { label: "Community", to: "/community" },
      { label: "Support", to: "/support" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Cookie Policy", to: "/cookies" },
      { label: "GDPR", to: "/gdpr" },
    ],
  },
];
