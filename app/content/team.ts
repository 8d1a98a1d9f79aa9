import type { TeamContent } from "#contracts/site-content.ts";

const LINKEDIN = "https://www.linkedin.com/company/himaltech/people/";

/** The team on the about page, as shipped: the first revision of the "team" content staff edit (decision 068). */
export const teamContent: TeamContent = {
  eyebrow: "Our people",
  title: "Meet Our Leadership",
  intro: "The people who answer your e-mails, review your code and stay with your project from the first call to launch.",
  leaders: [
    {
      name: "Aarav Shrestha",
      title: "Founder & CEO",
      role: "Sets the company's direction, leads client partnerships and still reviews every project plan.",
      experience: "6+ years building software, 15+ freelance projects",
      linkedin: LINKEDIN,
      initials: "AS",
      tone: "crimson",
      photo: null,
    },
    {
      name: "Sujata Karki",
      title: "Co-Founder & COO",
      role: "Runs delivery and operations: sprint plans, budgets and the promise that a milestone lands when we said it would.",
      experience: "3+ years in delivery management",
      linkedin: LINKEDIN,
      initials: "SK",
      tone: "indigo",
      photo: null,
    },
    {
      name: "Bikash Thapa",
      title: "Co-Founder, CTO & Director of Engineering",
      role: "Owns architecture, security and engineering standards across AI, cloud and software projects.",
      experience: "3+ years leading engineering teams",
      linkedin: LINKEDIN,
      initials: "BT",
      tone: "cyan",
      photo: null,
    },
    {
      name: "Prakash Gurung",
      title: "Lead Fullstack Engineer",
      role: "Leads our web and mobile builds, from React front ends to Node and Python back ends.",
      experience: "3+ years shipping full-stack products",
      linkedin: LINKEDIN,
      initials: "PG",
      tone: "emerald",
      photo: null,
    },
  ],
  globalTitle: "Global Dream Team",
  globalIntro: "Specialists outside Nepal who join our projects when they need a particular skill.",
  globalTeam: [
    {
      name: "Camille Laurent",
      location: "France",
      role: "Cybersecurity Expert",
      experience: "8+ years in penetration testing and security audits",
      initials: "CL",
      linkedin: LINKEDIN,
      flag: "fr",
      photo: null,
    },
  ],
  connect: "Connect on LinkedIn",
  join: "Want to join our talented team?",
  joinText: "We hire curious engineers, designers and analysts who like shipping real products from wherever they live.",
  action: "Explore Career Opportunities",
};
