import type { InfoPageContent } from "./page-types";

export const partners: InfoPageContent = {
  path: "/partners",
  seo: {
    title: "Partner Programme",
    description:
      "Partner with HimalTech: referral, agency and technology partnerships with revenue share, co-marketing and a dedicated engineering team behind your clients.",
    keywords: ["partner programme", "referral partner", "agency partner", "white-label development", "technology partnership"],
  },
  eyebrow: "Partner Programme",
  title: "Grow with a technology partner you can rely on",
  intro: "Agencies, consultancies and product companies partner with us to offer their clients more, without hiring a full engineering team.",
  sections: [
    {
      id: "partnership-types",
      title: "Ways to partner",
      cards: [
        {
          title: "Referral Partner",
          text: "Introduce clients who need AI, software, security or cloud work and earn a share of every project they sign.",
          points: ["10% revenue share for 12 months", "No minimum commitment", "Status updates on every referral"],
        },
        {
          title: "Agency Partner",
          text: "Add our engineers to your proposals under your brand or ours, and deliver bigger projects with confidence.",
          points: ["White-label delivery", "Partner pricing", "A dedicated project lead"],
        },
        {
          title: "Technology Partner",
          text: "Integrate your product with the solutions we build, or have us implement it for our shared customers.",
          points: ["Joint solution design", "Co-marketing and case studies", "Early access to our tooling"],
        },
      ],
    },
    {
      id: "benefits",
      title: "What every partner gets",
      points: [
        "A partner manager who answers within one business day.",
        "Sales support: scoping calls, proposals and technical answers for your clients.",
        "Training on our services and delivery process.",
        "Listing on our website and joint announcements for shared wins.",
      ],
    },
    {
      id: "how-to-join",
      title: "How to join",
      cards: [
        { meta: "Step 1", title: "Apply", text: "Tell us about your company and the clients you serve through our contact form." },
        { meta: "Step 2", title: "Meet", text: "A 30-minute call to agree on the partnership that fits you." },
        { meta: "Step 3", title: "Sign", text: "A short partner agreement with clear terms and revenue share." },
        { meta: "Step 4", title: "Launch", text: "Onboarding, shared materials and your first joint opportunity." },
      ],
    },
  ],
  callToAction: {
    title: "Ready to partner?",
    text: "Tell us about your business and we will reply within 24 hours.",
    label: "Become a Partner",
    to: "/contact",
  },
};
