import type { InfoPageContent } from "./page-types";

export const success: InfoPageContent = {
  path: "/success",
  seo: {
    title: "Success Stories",
    description:
      "Case studies of HimalTech projects: an AI tutoring platform, an agritech yield forecast, a cloud migration that cut costs, and a security overhaul for a payments startup.",
    keywords: ["case studies", "success stories", "HimalTech clients", "AI case study", "cloud migration case study"],
  },
  eyebrow: "Success Stories",
  title: "Results our clients can measure",
  intro: "A few of the projects we are proud of: what the client needed, what we built, and what changed.",
  sections: [
    {
      id: "case-studies",
      title: "Case studies",
      cards: [
        {
          meta: "Education · AI",
          title: "An AI tutor for 20,000 students",
          text: "An edtech startup needed personalised practice for secondary-school maths. We built a recommendation model and a tutoring assistant on top of their question bank.",
          points: ["Practice completion up 41%", "Launched in 10 weeks", "Runs at under $0.01 per session"],
        },
        {
          meta: "Agritech · Data Science",
          title: "Yield forecasts for smallholder farms",
          text: "A cooperative wanted to plan storage and buyers before harvest. We combined weather, soil and past yields into a forecast farmers read on their phones.",
          points: ["Forecast error under 8%", "Offline-first mobile app", "Used by 3,000 farmers"],
        },
        {
          meta: "E-commerce · Cloud",
          title: "A migration that paid for itself",
          text: "An online retailer outgrew its single server. We moved it to containers on a managed Kubernetes cluster with autoscaling and infrastructure as code.",
          points: ["Hosting costs down 35%", "Zero-downtime cut-over", "3x faster page loads"],
        },
        {
          meta: "Fintech · Cybersecurity",
          title: "Audit-ready security for a payments startup",
          text: "Before a funding round, a payments startup needed to prove its security. We ran a penetration test, fixed the findings with their team and set up continuous scanning.",
          points: ["27 vulnerabilities fixed", "Passed investor due diligence", "Security checks on every deploy"],
        },
      ],
    },
    {
      id: "numbers",
      title: "By the numbers",
      figures: [
        { value: "98%", label: "of milestones delivered on time." },
        { value: "99.95%", label: "availability across the platforms we run for clients." },
        { value: "15+", label: "freelance projects shipped before HimalTech was founded." },
      ],
    },
  ],
  callToAction: {
    title: "Want results like these?",
    text: "Tell us about your project and get a proposal with scope, timeline and cost.",
    label: "Discuss Your Project",
    to: "/discussProject",
  },
};
