import type { AboutContent } from "#contracts/site-content.ts";

/** The about page's own sections, as shipped: the first revision of the "about" content staff edit (decision 068). */
const aboutHero: AboutContent["hero"] = {
  eyebrow: "About HimalTech",
  heading: "Innovation from the heart of Nepal",
  tagline: "Pioneering secure, intelligent technology solutions for the digital era",
  intro:
    "We are a growing, remote-first startup in the Kathmandu valley. Our engineers design, build and look after software for individuals and businesses across the world, with the care of a small team and prices a startup can afford.",
};

const whoWeAre: AboutContent["whoWeAre"] = {
  eyebrow: "Who we are",
  title: "One team across five disciplines",
  paragraphs: [
    "HimalTech began as one engineer taking freelance projects from a desk in Lalitpur. Today we are a small, senior team of developers, data scientists and security specialists who work together on every engagement instead of handing it from department to department.",
    "Because our services share one team, a machine-learning feature arrives with a secure API, a cloud set-up that can carry it and a dashboard that shows whether it works.",
  ],
  hub: "HimalTech",
  areas: ["AI Solutions", "Cybersecurity", "Cloud Computing", "Data Science", "Software Dev"],
};

const missionVision: AboutContent["missionVision"] = [
  {
    title: "Our Mission",
    text: "To make secure, intelligent technology affordable for every ambitious business, by pairing Nepal's engineering talent with honest, transparent ways of working.",
    tone: "crimson",
  },
  {
    title: "Our Vision",
    text: "A Nepal known worldwide for trustworthy software, where a startup in Kathmandu, Berlin or Austin chooses us for quality first and price second.",
    tone: "indigo",
  },
];

const strategicGoals: AboutContent["strategicGoals"] = {
  title: "Strategic Goals",
  intro: "Five commitments that decide what we invest in each year.",
  items: [
    {
      title: "AI Innovation",
      icon: "BrainCircuit",
      text: "Turn new research into practical features, from forecasting to language models that speak Nepali.",
      tone: "indigo",
    },
    {
      title: "Cybersecurity Leadership",
      icon: "ShieldCheck",
      text: "Make security a default in every project and a service our clients can rely on for audits and monitoring.",
      tone: "crimson",
    },
    {
      title: "Cloud Transformation",
      icon: "Cloud",
      text: "Move clients to cloud platforms that are cheaper to run, easier to scale and ready for failure.",
      tone: "cyan",
    },
    {
      title: "Software Excellence",
      icon: "Code2",
      text: "Ship clean, tested, documented code in two-week sprints, and hand it over in a state we would be proud to inherit.",
      tone: "amber",
    },
    {
      title: "Continuous Growth",
      icon: "TrendingUp",
      text: "Grow the team through mentoring and training so more of Nepal's engineers build world-class products from home.",
      tone: "emerald",
    },
  ],
};

const coreValues: AboutContent["coreValues"] = {
  title: "Core Values",
  intro: "How we behave when nobody is checking.",
  items: [
    { title: "Innovation", icon: "Lightbulb", text: "We try new ideas on small problems first, measure them, and keep what works.", tone: "indigo" },
    { title: "Security", icon: "Lock", text: "Your data and credentials are treated as if the breach would be ours.", tone: "crimson" },
    { title: "Integrity", icon: "Scale", text: "Clear estimates, plain answers and no invoice you did not expect.", tone: "violet" },
    {
      title: "Customer Success",
      icon: "HeartHandshake",
      text: "A project is finished when it works for your users, not when the contract says so.",
      tone: "emerald",
    },
    { title: "Excellence", icon: "Award", text: "Reviews, tests and documentation on every change, however small.", tone: "amber" },
  ],
};

export const aboutContent: AboutContent = { hero: aboutHero, whoWeAre, missionVision, strategicGoals, coreValues };
