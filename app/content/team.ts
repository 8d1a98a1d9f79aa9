import type { Tone } from "./tone";

export interface Leader {
  id: number;
  name: string;
  title: string;
  role: string;
  experience: string;
  linkedin: string;
  /** Initials drawn into the generated portrait. */
  image: string;
  tone: Tone;
}

export interface GlobalTeamMember {
  id: number;
  name: string;
  location: string;
  role: string;
  experience: string;
  image: string;
  linkedin: string;
  /** The country's flag, drawn by the site (flag emoji show as two letters on Windows). */
  flag: FlagCode;
}

/** Countries whose flag the site can draw. */
export type FlagCode = "fr";

export const teamSection = {
  eyebrow: "Our people",
  title: "Meet Our Leadership",
  intro: "The people who answer your e-mails, review your code and stay with your project from the first call to launch.",
  globalTitle: "Global Dream Team",
  globalIntro: "Specialists outside Nepal who join our projects when they need a particular skill.",
  connect: "Connect on LinkedIn",
  join: "Want to join our talented team?",
  joinText: "We hire curious engineers, designers and analysts who like shipping real products from wherever they live.",
  action: { label: "Explore Career Opportunities", to: "/careers" },
};

export const leaders: Leader[] = [
  {
    id: 1,
    name: "Aarav Shrestha",
    title: "Founder & CEO",
    role: "Sets the company's direction, leads client partnerships and still reviews every project plan.",
    experience: "6+ years building software, 15+ freelance projects",
    linkedin: "https://www.linkedin.com/company/himaltech/people/",
    image: "AS",
    tone: "crimson",
  },
  {
    id: 2,
    name: "Sujata Karki",
    title: "Co-Founder & COO",
    role: "Runs delivery and operations: sprint plans, budgets and the promise that a milestone lands when we said it would.",
    experience: "3+ years in delivery management",
    linkedin: "https://www.linkedin.com/company/himaltech/people/",
    image: "SK",
    tone: "indigo",
  },
  {
    id: 3,
    name: "Bikash Thapa",
    title: "Co-Founder, CTO & Director of Engineering",
    role: "Owns architecture, security and engineering standards across AI, cloud and software projects.",
    experience: "3+ years leading engineering teams",
    linkedin: "https://www.linkedin.com/company/himaltech/people/",
    image: "BT",
    tone: "cyan",
  },
  {
    id: 4,
    name: "Prakash Gurung",
    title: "Lead Fullstack Engineer",
    role: "Leads our web and mobile builds, from React front ends to Node and Python back ends.",
    experience: "3+ years shipping full-stack products",
    linkedin: "https://www.linkedin.com/company/himaltech/people/",
    image: "PG",
    tone: "emerald",
  },
];

export const globalTeam: GlobalTeamMember[] = [
  {
    id: 1,
    name: "Camille Laurent",
    location: "France",
    role: "Cybersecurity Expert",
    experience: "8+ years in penetration testing and security audits",
    image: "CL",
    linkedin: "https://www.linkedin.com/company/himaltech/people/",
    flag: "fr",
  },
];
