import { Code2, Headphones, Rocket, Search, ShieldCheck, type LucideIcon, PenTool } from "lucide-react";
import type { Tone } from "./tone";

export interface ProcessStep {
  id: 1 | 2 | 3 | 4 | 5 | 6;
  title: string;
  icon: LucideIcon;
  description: string;
  tone: Tone;
}

export const processSection = {
  eyebrow: "Our process",
  title: "How We Work",
  intro: "Six steps that take an idea to a product in production, with a working demo every two weeks along the way.",
  closing: "Ready to transform your ideas into reality?",
  action: { label: "Start Your Project Now", to: "/discussProject" },
};

export const processSteps: ProcessStep[] = [
  {
    id: 1,
    title: "Discovery & Analysis",
    icon: Search,
    description: "We meet your team, study the users and the numbers, and agree what success looks like before anyone writes code.",
    tone: "indigo",
  },
  {
    id: 2,
    title: "Planning & Design",
    icon: PenTool,
    description: "Architecture, clickable prototypes and a sprint plan with fixed scope and price, reviewed with you line by line.",
    tone: "violet",
  },
  {
    id: 3,
    title: "Development",
    icon: Code2,
    description: "Two-week sprints, each ending in a live demo. You see progress in the product, not in status reports.",
    tone: "cyan",
  },
  {
    id: 4,
    title: "Testing & QA",
    icon: ShieldCheck,
    description: "Automated tests, security checks and real-device testing run on every change, so quality is built in rather than added at the end.",
    tone: "emerald",
  },
  {
    id: 5,
    title: "Deployment",
    icon: Rocket,
    description: "Zero-downtime releases to your cloud, with monitoring, backups and a rollback plan in place on day one.",
    tone: "amber",
  },
  {
    id: 6,
    title: "Support & Growth",
    icon: Headphones,
    description: "A 30-minute average response on support, monthly health reports and a roadmap for what to build next.",
    tone: "crimson",
  },
];
