import { site } from "./site";

export const community = {
  seo: {
    title: "Community",
    description:
      "Join the HimalTech developer community: forum discussions on AI, cloud and security, upcoming meetups and workshops, and a featured open-source project.",
    keywords: ["developer community", "tech community Nepal", "forum", "meetups", "open source"],
  },
  eyebrow: "Community",
  title: "Learn and build together",
  intro: "Developers, founders and our engineers sharing what works, in Nepal and around the world.",
  forumTitle: "Recent discussions",
  threads: [
    { title: "Fine-tuning small language models for Nepali text", author: "Anisha K.", replies: 24, views: 1320 },
    { title: "Kubernetes on a startup budget: what we learned", author: "Bikash T.", replies: 17, views: 980 },
    { title: "Best practices for rotating API keys", author: "Suman R.", replies: 9, views: 610 },
    { title: "Offline-first mobile apps for rural users", author: "Pooja S.", replies: 12, views: 745 },
  ],
  newThread: "Start a Discussion",
  /** The forum lives on the community's Discord server, as the contact page says. */
  discussionsHref: site.contact.discordInvite,
  eventsTitle: "Upcoming events",
  events: [
    {
      title: "Kathmandu AI Meetup",
      date: "March 14, 2026",
      location: "Lalitpur, Nepal",
      description: "Lightning talks on machine learning in production, followed by an evening of networking.",
    },
    {
      title: "Cloud Security Workshop",
      date: "April 9, 2026",
      location: "Online",
      description: "A hands-on afternoon hardening a cloud deployment, from IAM policies to secret management.",
    },
  ],
  register: "Register",
  /** A registration goes to the team as a support request, and is acknowledged by mail. */
  registerHref: (event: string) => `/support?tab=contact&subject=${encodeURIComponent(`Registration: ${event}`)}`,
  featuredTitle: "Featured project",
  featured: {
    name: "Krishi Insights",
    text: "An open-source toolkit that turns weather and soil data into planting advice for smallholder farmers, built by community members with our data team.",
    tags: ["Python", "Data Science", "Agritech"],
    action: "View Project",
    href: site.contact.discordInvite,
  },
} as const;
