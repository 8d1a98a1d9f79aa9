export type ShowcaseStatus = "Live Product" | "Pilot Phase";

export interface ShowcaseCard {
  title: string;
  description: string;
  tags: string[];
  /** The one figure that best describes the product's results. */
  metrics: string;
  status: ShowcaseStatus;
  domain: string;
}

export const showcaseCards: ShowcaseCard[] = [
  {
    title: "Padhai AI Tutor",
    description: "An AI study companion that explains maths and science in Nepali and English, and adapts practice questions to each student's mistakes.",
    tags: ["LLM", "React Native", "Python"],
    metrics: "12,000 monthly learners",
    status: "Live Product",
    domain: "Education",
  },
  {
    title: "KrishiSathi Crop Advisor",
    description: "Weather-aware planting and irrigation advice for smallholder farmers, delivered by SMS and a light mobile app that works offline.",
    tags: ["Forecasting", "Kotlin", "Offline-first"],
    metrics: "18% higher yields in trials",
    status: "Pilot Phase",
    domain: "Agritech",
  },
  {
    title: "Bazaar Commerce Cloud",
    description: "A multi-vendor e-commerce platform with local wallet payments, inventory sync and a recommendation engine for small retailers.",
    tags: ["Next.js", "PostgreSQL", "Recommendations"],
    metrics: "3x faster checkout",
    status: "Live Product",
    domain: "E-commerce",
  },
  {
    title: "Sentinel Threat Monitor",
    description: "Log analysis that learns a company's normal traffic and raises a clear, ranked alert when something starts to look wrong.",
    tags: ["Anomaly detection", "Go", "Elastic"],
    metrics: "30-minute average response",
    status: "Live Product",
    domain: "Cybersecurity",
  },
  {
    title: "Swasthya Clinic Insights",
    description: "Dashboards for a network of rural clinics that track patient flow and medicine stock, and predict shortages a month ahead.",
    tags: ["dbt", "BigQuery", "Dashboards"],
    metrics: "40% fewer stock-outs",
    status: "Pilot Phase",
    domain: "Healthcare",
  },
  {
    title: "Himal Cloud Ops",
    description: "A managed Kubernetes platform with automated backups, cost reports and on-call cover for growing software teams.",
    tags: ["Kubernetes", "Terraform", "Observability"],
    metrics: "99.9% uptime",
    status: "Live Product",
    domain: "Cloud infrastructure",
  },
];
