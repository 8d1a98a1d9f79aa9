import type { JourneyContent } from "#contracts/site-content.ts";

/** The founder's journey, as shipped: the first revision of the "journey" content staff edit (decision 068). */
export const journeyContent: JourneyContent = {
  eyebrow: "Founder's Journey",
  title: "From a borrowed laptop to a global team",
  teaser: {
    title: "The story behind HimalTech",
    text: "HimalTech did not start with investors or an office. It started with a second-hand laptop, free online courses and a stubborn belief that world-class software can be written from Nepal. Here are the moments that shaped it.",
  },
  milestones: [
    {
      year: "Dec 2019",
      title: "Learning to build",
      icon: "BookOpen",
      content:
        "With a second-hand laptop and evenings after work, our founder started teaching himself web development and machine learning, finishing course after course and building small tools for friends' shops in Lalitpur.",
      emoji: "📚",
      stats: ["Self-taught", "Python & JavaScript", "First side projects"],
      tone: "indigo",
    },
    {
      year: "Aug 2020-2023",
      title: "Freelancing for the world",
      icon: "Briefcase",
      content:
        "The first freelance project in Aug 2020, an inventory system for a Kathmandu retailer, led to clients in Europe and the US. Over three years came more than fifteen projects, from dashboards to payment integrations, each one delivered remotely.",
      emoji: "💼",
      stats: ["15+ freelance projects", "Clients on 3 continents", "100% remote"],
      tone: "cyan",
    },
    {
      year: "2024-2025",
      title: "HimalTech is founded",
      icon: "Rocket",
      content:
        "Freelancing became a company. Co-founders joined to run operations and engineering, a security specialist in France joined the extended team, and HimalTech now offers AI, data science, software, cybersecurity and cloud services with discounts for startups.",
      emoji: "🚀",
      stats: ["Company registered", "Five service lines", "Startup discounts"],
      tone: "crimson",
    },
  ],
  reflectionTitle: "Founder's Reflection",
  reflection:
    "Every project taught me that clients do not buy code; they buy trust. We earn it by showing our work every two weeks, saying no when something is not right for them, and treating a small startup's budget as carefully as our own. That is the company I want HimalTech to stay as it grows.",
  reflectionAuthor: "Aarav Shrestha, Founder & CEO",
};
