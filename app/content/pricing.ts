import type { PricingContent } from "#contracts/site-content.ts";

export const pricingPage = {
  eyebrow: "Pricing",
  title: "Fair prices for serious engineering",
  intro: "Every project is quoted after a free discovery call: a fixed price per two-week sprint, agreed before work starts, with no hidden costs.",
  description:
    "HimalTech pricing: fixed-price sprints for AI, cybersecurity, cloud, data science and software projects, with a Startup Special discount for early-stage companies.",
  keywords: ["software development pricing", "startup discount", "AI development cost", "fixed price sprints", "outsourcing Nepal"],
  banner: {
    primary: { label: "Contact Sales", to: "/talktoexpert" },
    secondary: { label: "View Case Studies", to: "/success" },
  },
  cardAction: { label: "Discuss Project", to: "/discussProject" },
  closing: {
    title: "Not sure which service you need?",
    text: "Book a free 30-minute call with a senior engineer. We will look at your goals and suggest the smallest useful first step.",
    action: { label: "Schedule a Consultation", to: "/cta" },
  },
};

/** The banner and the services as shipped: the first revision of the content staff edit in the admin. */
export const pricingContent: PricingContent = {
  banner: {
    title: "Startup Special",
    text: "Pre-seed and seed-stage startups get 20% off their first three sprints, plus a free architecture review. Tell us about your product and we will tailor a plan to your runway.",
  },
  services: [
    {
      id: "ai",
      name: "AI Solutions",
      description: "From a proof of concept in two sprints to models running in production.",
      tone: "indigo",
      benefits: ["Free feasibility assessment", "Proof of concept before full build", "Models and training data stay yours", "Monitoring and retraining plans"],
    },
    {
      id: "cybersecurity",
      name: "Cybersecurity",
      description: "Fixed-price assessments and ongoing protection sized to your risk.",
      tone: "crimson",
      benefits: ["Fixed quote per test scope", "Free re-test of fixed issues", "Reports for developers and executives", "30-minute average incident response"],
    },
    {
      id: "cloud",
      name: "Cloud Services",
      description: "Migrations and managed platforms that pay for themselves in lower bills.",
      tone: "cyan",
      benefits: ["Free cost review of your current setup", "99.9% uptime targets", "Infrastructure as code you own", "Monthly optimisation reports"],
    },
    {
      id: "data-science",
      name: "Data Science",
      description: "Pipelines, dashboards and models priced per sprint, not per seat.",
      tone: "emerald",
      benefits: ["Data audit in the first sprint", "Dashboards your team can edit", "Documented, tested pipelines", "Training for your analysts"],
    },
    {
      id: "software",
      name: "Software Development",
      description: "Web, mobile and API development in fixed-price two-week sprints.",
      tone: "amber",
      benefits: ["Live demo at the end of every sprint", "98% on-time delivery", "Full source code and documentation", "Three months of free bug fixes"],
    },
  ],
};
