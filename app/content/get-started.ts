export type AudienceTab = "businesses" | "partners" | "developers";

export interface AudienceGuide {
  id: AudienceTab;
  label: string;
  title: string;
  steps: { title: string; text: string }[];
  action: { label: string; to: string };
}

export const getStarted = {
  seo: {
    title: "Get Started",
    description: "Get started with HimalTech as a business, a partner or a developer: four steps for each, and help within 24 hours.",
    keywords: ["get started", "hire developers Nepal", "partner with HimalTech", "developer docs"],
  },
  eyebrow: "Get Started",
  title: "Start building with HimalTech",
  intro: "Tell us who you are and we will show you the fastest way in.",
  guides: [
    {
      id: "businesses",
      label: "Businesses",
      title: "Launch your project in four steps",
      steps: [
        { title: "Share your idea", text: "Tell us what you want to build or fix, in as much or as little detail as you have." },
        { title: "Free consultation", text: "Meet an engineer within 24 hours to clarify goals, users and constraints." },
        { title: "Proposal and plan", text: "Receive scope, timeline and a fixed price or monthly retainer to approve." },
        { title: "Build in sprints", text: "See working software every two weeks until launch, and support after it." },
      ],
      action: { label: "Contact Us", to: "/contact" },
    },
    {
      id: "partners",
      label: "Partners",
      title: "Grow together in four steps",
      steps: [
        { title: "Choose a partnership", text: "Referral, agency or technology: pick the model that fits your business." },
        { title: "Meet the team", text: "A 30-minute call with our partner manager to agree on terms." },
        { title: "Get onboarded", text: "Training, sales material and a dedicated contact for your clients." },
        { title: "Win together", text: "Bring opportunities, deliver them with us, and share the success." },
      ],
      action: { label: "Explore Partnerships", to: "/partners" },
    },
    {
      id: "developers",
      label: "Developers",
      title: "Integrate in four steps",
      steps: [
        { title: "Create an account", text: "Sign up and confirm your e-mail address." },
        { title: "Get an API key", text: "Create a key in your dashboard and keep it in an environment variable." },
        { title: "Make a request", text: "Call the API with your key as a bearer token, or install an SDK." },
        { title: "Go to production", text: "Handle errors and rate limits, then ship with confidence." },
      ],
      action: { label: "Read the Docs", to: "/docs" },
    },
  ] satisfies AudienceGuide[],
  quickLinksTitle: "Quick links",
  quickLinks: [
    { label: "Documentation", text: "Guides and API reference", to: "/docs" },
    { label: "Pricing", text: "Services and startup discounts", to: "/pricing" },
    { label: "FAQ", text: "Answers to common questions", to: "/faq" },
  ],
  help: { title: "Need help getting started?", text: "Send us a note and we will reply within 24 hours." },
} as const;
