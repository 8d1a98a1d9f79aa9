import type { Tone } from "./tone";

export interface ServiceTopic {
  id: string;
  title: string;
  description: string;
  /** Six features. */
  features: string[];
  tone: Tone;
}

export interface TopicServicePage {
  path: string;
  /** The page's own title, used for the heading and the browser tab. */
  title: string;
  eyebrow: string;
  subtitle: string;
  description: string;
  keywords: string[];
  topics: ServiceTopic[];
}

export const aiService: TopicServicePage = {
  path: "/services/ai",
  title: "AI Solutions",
  eyebrow: "Artificial intelligence & machine learning",
  subtitle: "Machine learning that answers a real business question, measured in production and improved every month.",
  description:
    "AI solutions from HimalTech in Nepal: predictive analytics, computer vision, natural language processing, deep learning and AI-driven cybersecurity, built and run by a remote team with startup pricing.",
  keywords: ["AI development Nepal", "machine learning services", "predictive analytics", "computer vision", "NLP", "deep learning"],
  topics: [
    {
      id: "predictive-analytics",
      title: "Predictive Analytics",
      description: "Forecast demand, churn and cash flow from the data you already have, with models that show how sure they are and why.",
      features: [
        "Demand and sales forecasting",
        "Customer churn prediction",
        "Credit and risk scoring",
        "Explainable predictions for each decision",
        "Automatic retraining as data changes",
        "Accuracy reports in plain language",
      ],
      tone: "indigo",
    },
    {
      id: "computer-vision",
      title: "Computer Vision",
      description: "Cameras that count, inspect and read: image models that run in the cloud or on a small device at the edge.",
      features: [
        "Defect detection on production lines",
        "Document and ID scanning",
        "People and vehicle counting",
        "Crop and plant health from photos",
        "Edge deployment on low-cost hardware",
        "Privacy-preserving blurring of faces",
      ],
      tone: "cyan",
    },
    {
      id: "nlp",
      title: "Natural Language Processing",
      description: "Assistants, search and text analytics that understand your customers in English, Nepali and Hindi.",
      features: [
        "Chat assistants grounded in your documents",
        "Semantic search across knowledge bases",
        "Ticket and e-mail classification",
        "Sentiment analysis of reviews",
        "Summaries of long reports",
        "Multilingual support including Nepali",
      ],
      tone: "violet",
    },
    {
      id: "deep-learning",
      title: "Deep Learning",
      description: "Custom neural networks for the problems off-the-shelf models cannot solve, trained efficiently and served at low cost.",
      features: [
        "Custom model architectures",
        "Fine-tuning of open models",
        "GPU training pipelines",
        "Model compression for fast inference",
        "Experiment tracking and reproducibility",
        "Serving behind a versioned API",
      ],
      tone: "emerald",
    },
    {
      id: "ai-cybersecurity",
      title: "AI Cybersecurity",
      description: "Machine learning that watches logs, logins and transactions, and raises a ranked alert when behaviour stops looking normal.",
      features: [
        "Anomaly detection in network traffic",
        "Fraud detection on payments",
        "Phishing and spam filtering",
        "Risk scoring of user sessions",
        "Alert triage that cuts noise",
        "Integration with your SIEM",
      ],
      tone: "crimson",
    },
  ],
};

export const cloudService: TopicServicePage = {
  path: "/services/cloud",
  title: "Cloud Computing",
  eyebrow: "Cloud services",
  subtitle: "Infrastructure that stays up, scales with demand and costs less each quarter, on AWS, Azure or Google Cloud.",
  description:
    "Cloud computing services from HimalTech: migrations, serverless, Kubernetes, multi-cloud, cloud security and cost optimization, delivered remotely from Nepal with 99.9% uptime targets.",
  keywords: ["cloud migration", "Kubernetes consulting", "serverless development", "multi-cloud", "cloud security", "cloud cost optimization"],
  topics: [
    {
      id: "migrations",
      title: "Cloud Migrations",
      description: "Move from servers under a desk or an old host to the cloud step by step, with no big-bang weekend cut-over.",
      features: [
        "Inventory and migration plan",
        "Database moves with minimal downtime",
        "Lift-and-improve, not just lift-and-shift",
        "Rollback plan for every step",
        "Staff training on the new platform",
        "Post-migration cost review",
      ],
      tone: "cyan",
    },
    {
      id: "serverless",
      title: "Serverless Architecture",
      description: "Pay only for what runs: APIs, scheduled jobs and event processing without servers to patch.",
      features: [
        "Functions on AWS Lambda, Azure or Cloud Run",
        "Event-driven pipelines",
        "API gateways and authentication",
        "Scale to zero when idle",
        "Cold-start tuning",
        "Infrastructure as code",
      ],
      tone: "indigo",
    },
    {
      id: "kubernetes",
      title: "Kubernetes",
      description: "Production-grade clusters with sensible defaults, automated deployments and on-call cover if you want it.",
      features: [
        "Managed EKS, AKS and GKE clusters",
        "Helm charts and GitOps deployments",
        "Autoscaling for traffic peaks",
        "Secrets management",
        "Observability with metrics and traces",
        "Upgrades without downtime",
      ],
      tone: "violet",
    },
    {
      id: "multi-cloud",
      title: "Multi-Cloud Strategy",
      description: "Use the best of each provider without being locked into one, and keep a working exit plan.",
      features: [
        "Provider-neutral infrastructure code",
        "Cross-cloud networking",
        "Data residency planning",
        "Failover between providers",
        "Unified monitoring",
        "Vendor negotiation support",
      ],
      tone: "emerald",
    },
    {
      id: "cloud-security",
      title: "Cloud Security",
      description: "Locked-down accounts, encrypted data and alerts that fire before misconfigurations become incidents.",
      features: [
        "Identity and access reviews",
        "Encryption at rest and in transit",
        "Network segmentation",
        "Configuration scanning",
        "Audit logging and alerting",
        "Compliance evidence for audits",
      ],
      tone: "crimson",
    },
    {
      id: "optimization",
      title: "Cost Optimization",
      description: "Find the idle servers, oversized databases and forgotten snapshots, and cut the monthly bill without slowing anything down.",
      features: [
        "Monthly cost reports",
        "Rightsizing recommendations",
        "Reserved and spot capacity planning",
        "Storage lifecycle rules",
        "Budgets and anomaly alerts",
        "Performance tuning for 3x faster responses",
      ],
      tone: "amber",
    },
  ],
};

export const cybersecurityService: TopicServicePage = {
  path: "/services/cybersecurity",
  title: "Cybersecurity",
  eyebrow: "Security services",
  subtitle: "Find the holes before others do, then fix them with guidance your developers can act on the same day.",
  description:
    "Cybersecurity services from HimalTech: threat detection, vulnerability assessment, encryption, security audits, penetration testing and incident response for startups and growing businesses.",
  keywords: ["penetration testing", "vulnerability assessment", "security audit", "threat detection", "encryption", "incident response"],
  topics: [
    {
      id: "threat-detection",
      title: "Threat Detection",
      description: "Round-the-clock monitoring of logs and endpoints, tuned to your systems so real attacks stand out from the noise.",
      features: [
        "Log collection and correlation",
        "Endpoint detection and response",
        "Custom detection rules",
        "Ranked, actionable alerts",
        "Threat intelligence feeds",
        "Monthly threat reports",
      ],
      tone: "crimson",
    },
    {
      id: "vulnerability-assessment",
      title: "Vulnerability Assessment",
      description: "Regular scans of your applications and infrastructure with a prioritised list of what to fix first.",
      features: [
        "Automated and manual scanning",
        "Dependency and container checks",
        "Risk-based prioritisation",
        "Fix guidance for developers",
        "Re-testing after fixes",
        "Trend reports over time",
      ],
      tone: "amber",
    },
    {
      id: "encryption",
      title: "Data Encryption",
      description: "Protect data at rest, in transit and in backups, with keys managed so that losing a laptop never means losing data.",
      features: [
        "TLS configuration and certificates",
        "Database and file encryption",
        "Key management and rotation",
        "Encrypted backups",
        "Secrets handling in code and CI",
        "Guidance on data protection law",
      ],
      tone: "indigo",
    },
    {
      id: "security-audits",
      title: "Security Audits",
      description: "An independent review of your policies, code and infrastructure against ISO 27001, SOC 2 and OWASP.",
      features: [
        "Policy and process review",
        "Secure code review",
        "Cloud configuration audit",
        "Access rights review",
        "Gap analysis for certification",
        "Executive summary and action plan",
      ],
      tone: "violet",
    },
    {
      id: "penetration-testing",
      title: "Penetration Testing",
      description: "Ethical hackers attack your web apps, APIs and networks the way a real adversary would, then show you how they got in.",
      features: [
        "Web and mobile application tests",
        "API and authentication testing",
        "Internal and external network tests",
        "Social engineering simulations",
        "Proof-of-concept for each finding",
        "Free re-test of fixed issues",
      ],
      tone: "cyan",
    },
    {
      id: "incident-response",
      title: "Incident Response",
      description: "When something goes wrong, a clear plan and people who answer: contain the damage, find the cause and recover.",
      features: [
        "Incident response playbooks",
        "30-minute average first response",
        "Forensic investigation",
        "Breach notification support",
        "Recovery and hardening",
        "Tabletop exercises for your team",
      ],
      tone: "emerald",
    },
  ],
};

export const dataScienceService: TopicServicePage = {
  path: "/services/data-science",
  title: "Data Science",
  eyebrow: "Data science & analytics",
  subtitle: "From raw data to decisions: pipelines, models and dashboards your team trusts and actually uses.",
  description:
    "Data science services from HimalTech: predictive modeling, data visualization, ETL pipelines, business intelligence, NLP and computer vision, built by a remote team in Nepal.",
  keywords: ["data science services", "predictive modeling", "data visualization", "ETL pipelines", "business intelligence", "analytics Nepal"],
  topics: [
    {
      id: "predictive-modeling",
      title: "Predictive Modeling",
      description: "Statistical and machine-learning models that forecast what happens next and how confident you can be about it.",
      features: [
        "Time-series forecasting",
        "Classification and scoring",
        "A/B test design and analysis",
        "Feature engineering",
        "Model validation and back-testing",
        "Deployment as an API or report",
      ],
      tone: "indigo",
    },
    {
      id: "visualization",
      title: "Data Visualization",
      description: "Charts and dashboards designed around the questions your team asks, readable at a glance and on a phone.",
      features: [
        "Interactive dashboards",
        "Executive summary reports",
        "Maps and geospatial views",
        "Accessible colour palettes",
        "Embedded analytics in your product",
        "Scheduled e-mail reports",
      ],
      tone: "cyan",
    },
    {
      id: "etl-pipelines",
      title: "ETL Pipelines",
      description: "Reliable pipelines that pull data from every tool you use, clean it and land it in one warehouse on schedule.",
      features: [
        "Connectors for SaaS tools and databases",
        "dbt transformations",
        "Data quality tests",
        "Orchestration with alerts",
        "Incremental loads",
        "Documentation of every table",
      ],
      tone: "emerald",
    },
    {
      id: "business-intelligence",
      title: "Business Intelligence",
      description: "A single source of truth for revenue, customers and operations, with metrics everyone defines the same way.",
      features: [
        "Metric definitions and semantic layer",
        "Self-service reporting",
        "KPI tracking",
        "Cohort and funnel analysis",
        "Role-based access",
        "Training for your analysts",
      ],
      tone: "amber",
    },
    {
      id: "nlp",
      title: "Natural Language Processing",
      description: "Turn reviews, tickets and survey answers into themes, sentiment and trends you can act on.",
      features: [
        "Topic discovery",
        "Sentiment tracking",
        "Entity extraction",
        "Multilingual text including Nepali",
        "Automatic tagging",
        "Search over unstructured text",
      ],
      tone: "violet",
    },
    {
      id: "computer-vision",
      title: "Computer Vision",
      description: "Extract numbers from images and video: counts, measurements and conditions, ready for your dashboards.",
      features: [
        "Image classification",
        "Object detection and counting",
        "Satellite and drone imagery",
        "Optical character recognition",
        "Video analytics",
        "Labelling workflows",
      ],
      tone: "crimson",
    },
  ],
};

export interface SoftwareCard {
  id: "web-mobile" | "api-development" | "system-architecture" | "devops-automation" | "cloud-solutions" | "security";
  title: string;
  description: string;
  /** Six key features. */
  features: string[];
  tone: Tone;
}

export const softwareService = {
  path: "/services/software",
  title: "Software Development",
  eyebrow: "Custom software",
  subtitle: "Comprehensive software solutions tailored to your business needs",
  description:
    "Custom software development from HimalTech in Nepal: web and mobile apps, APIs, architecture, DevOps, cloud and security for AI platforms, e-commerce, education and agritech products.",
  keywords: ["software development Nepal", "web app development", "mobile apps", "API development", "DevOps", "custom software"],
  cards: [
    {
      id: "web-mobile",
      title: "Web & Mobile Apps",
      description: "Fast, accessible web applications and mobile apps for iOS and Android, from first prototype to app-store release.",
      features: [
        "React and Next.js web apps",
        "React Native and Kotlin mobile apps",
        "Offline-first design",
        "Accessibility to WCAG 2.1 AA",
        "Payments and wallet integrations",
        "App-store release and updates",
      ],
      tone: "indigo",
    },
    {
      id: "api-development",
      title: "API Development",
      description: "Well-documented REST and GraphQL APIs that partners enjoy integrating with and your front ends can rely on.",
      features: [
        "REST and GraphQL design",
        "OpenAPI documentation",
        "Authentication and rate limiting",
        "Versioning without breaking clients",
        "Third-party integrations",
        "Load testing before launch",
      ],
      tone: "cyan",
    },
    {
      id: "system-architecture",
      title: "System Architecture",
      description: "Architecture that fits your team and traffic today and leaves room to grow, reviewed and written down.",
      features: [
        "Architecture reviews",
        "Monolith to modular migrations",
        "Event-driven design",
        "Database design and tuning",
        "Scalability planning",
        "Architecture decision records",
      ],
      tone: "violet",
    },
    {
      id: "devops-automation",
      title: "DevOps Automation",
      description: "Pipelines that test, build and deploy every change automatically, so releases become routine instead of events.",
      features: [
        "CI/CD pipelines",
        "Infrastructure as code",
        "Automated testing gates",
        "Preview environments",
        "Release rollbacks",
        "Monitoring and alerting",
      ],
      tone: "emerald",
    },
    {
      id: "cloud-solutions",
      title: "Cloud Solutions",
      description: "Cloud-native applications and hosting on AWS, Azure or Google Cloud, built for 99.9% uptime.",
      features: [
        "Cloud-native application design",
        "Containers and Kubernetes",
        "Serverless functions",
        "Managed databases",
        "Backups and disaster recovery",
        "Cost monitoring",
      ],
      tone: "amber",
    },
    {
      id: "security",
      title: "Security Solutions",
      description: "Security built into the software itself: safe code, strong authentication and data protection by design.",
      features: [
        "Secure coding reviews",
        "Authentication and single sign-on",
        "Role-based access control",
        "Encryption of sensitive data",
        "Dependency vulnerability scanning",
        "Penetration test before launch",
      ],
      tone: "crimson",
    },
  ] satisfies SoftwareCard[],
};

/** The four topic pages by their path. */
export const topicServicePages: Record<string, TopicServicePage> = Object.fromEntries(
  [aiService, cloudService, cybersecurityService, dataScienceService].map((page) => [page.path, page]),
);

/** The words of a service page's topic explorer, besides the topics themselves. */
export const topicExplorerCopy = {
  arrows: "Move between topics",
  previous: "Previous topic",
  next: "Next topic",
  /** Said to screen readers once an arrow has changed the topic shown. */
  shown: (title: string, position: number, count: number) => `${title}, topic ${position} of ${count}`,
};
