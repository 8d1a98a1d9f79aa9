import type { ProcessContent } from "#contracts/site-content.ts";

/** How we work, as shipped: the first revision of the "process" content staff edit (decision 068). */
export const processContent: ProcessContent = {
  eyebrow: "Our process",
  title: "How We Work",
  intro: "Six steps that take an idea to a product in production, with a working demo every two weeks along the way.",
  steps: [
    {
      title: "Discovery & Analysis",
      icon: "Search",
      description: "We meet your team, study the users and the numbers, and agree what success looks like before anyone writes code.",
      tone: "indigo",
    },
    {
      title: "Planning & Design",
      icon: "PenTool",
      description: "Architecture, clickable prototypes and a sprint plan with fixed scope and price, reviewed with you line by line.",
      tone: "violet",
    },
    {
      title: "Development",
      icon: "Code2",
      description: "Two-week sprints, each ending in a live demo. You see progress in the product, not in status reports.",
      tone: "cyan",
    },
    {
      title: "Testing & QA",
      icon: "ShieldCheck",
      description: "Automated tests, security checks and real-device testing run on every change, so quality is built in rather than added at the end.",
      tone: "emerald",
    },
    {
      title: "Deployment",
      icon: "Rocket",
      description: "Zero-downtime releases to your cloud, with monitoring, backups and a rollback plan in place on day one.",
      tone: "amber",
    },
    {
      title: "Support & Growth",
      icon: "Headphones",
      description: "A 30-minute average response on support, monthly health reports and a roadmap for what to build next.",
      tone: "crimson",
    },
  ],
  closing: "Ready to transform your ideas into reality?",
  action: "Start Your Project Now",
};
