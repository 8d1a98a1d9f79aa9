import type { HomeContent } from "#contracts/site-content.ts";

const hero: HomeContent["hero"] = {
  eyebrow: "Remote-first technology studio · Kathmandu, Nepal",
  headline: "Engineering that moves your business forward",
  tagline: "AI, data science, software, cybersecurity and cloud, designed and delivered by a senior remote team in Nepal, at prices that work for startups.",
  typewriterLead: "We deliver",
  primary: "Get Started",
  secondary: "Talk to Expert",
  quickLinks: [
    { label: "About us", to: "/about" },
    { label: "Our expertise", to: "/expertise" },
    { label: "Success stories", to: "/success" },
    { label: "Contact", to: "/contact" },
  ],
};

/** The five services the hero types out, each with the description and keywords shown while it is in the spotlight. */
const spotlights: HomeContent["spotlights"] = [
  {
    service: "AI & Machine Learning",
    description: "Forecasting, document understanding and assistants trained on your own data, shipped as dependable features rather than demos.",
    keywords: ["LLM assistants", "Forecasting", "Computer vision"],
  },
  {
    service: "Data Science",
    description: "Pipelines, dashboards and models that turn scattered spreadsheets into numbers your team trusts every Monday morning.",
    keywords: ["ETL pipelines", "Dashboards", "Predictive models"],
  },
  {
    service: "Software Solutions",
    description: "Web platforms, mobile apps and APIs built in two-week sprints, with a demo at the end of every one of them.",
    keywords: ["React & Node", "Mobile apps", "APIs"],
  },
  {
    service: "Cybersecurity",
    description: "Penetration tests, audits and round-the-clock monitoring that find the weak spots before an attacker does.",
    keywords: ["Pen testing", "Audits", "Threat detection"],
  },
  {
    service: "Cloud Computing",
    description: "Migrations, Kubernetes and serverless set-ups that stay up, scale with demand and cost less each quarter.",
    keywords: ["Migration", "Kubernetes", "Cost control"],
  },
];

/** The eight topics circling the hero illustration. */
export const orbitTopics = ["AI", "Security", "Cloud", "Data", "Dev", "Web", "Mobile", "Speed"] as const;
export type OrbitTopic = (typeof orbitTopics)[number];

const services: HomeContent["services"] = {
  eyebrow: "What we do",
  title: "Five disciplines, one accountable team",
  intro: "Pick one service or combine several: the same engineers carry your project from the first workshop to production support.",
  cards: [
    {
      id: "ai",
      title: "AI Solutions",
      description: "Machine learning that earns its keep: models that answer a business question and are measured against it.",
      features: [
        "Predictive analytics and demand forecasting",
        "Computer vision for inspection and counting",
        "Chat and search assistants over your documents",
        "Model monitoring and retraining in production",
      ],
      tone: "indigo",
    },
    {
      id: "cybersecurity",
      title: "Cybersecurity",
      description: "Security work that starts with how you are actually attacked and ends with fixes your developers can ship.",
      features: [
        "Penetration testing of web, mobile and APIs",
        "Vulnerability assessments with a prioritised fix list",
        "Security audits against ISO 27001 and OWASP",
        "Threat detection and incident response playbooks",
      ],
      tone: "crimson",
    },
    {
      id: "cloud",
      title: "Cloud Services",
      description: "Infrastructure as code on AWS, Azure or Google Cloud, sized for today and ready for the traffic you are planning for.",
      features: [
        "Lift-and-improve migrations with no big-bang cut-over",
        "Kubernetes and serverless platforms",
        "Monitoring, backups and disaster recovery",
        "Monthly cost reviews that cut the bill",
      ],
      tone: "cyan",
    },
    {
      id: "data-science",
      title: "Data Science",
      description: "From raw exports to decisions: clean pipelines, honest statistics and dashboards people open without being asked.",
      features: [
        "ETL pipelines and data warehouses",
        "Business intelligence dashboards",
        "Predictive modelling and experiments",
        "Text analytics for reviews and tickets",
      ],
      tone: "emerald",
    },
    {
      id: "software",
      title: "Software Solutions",
      description: "Web, mobile and back-end software built to last, with tests, documentation and a hand-over your team can run with.",
      features: ["Web and mobile applications", "REST and GraphQL APIs", "Architecture reviews and modernisation", "CI/CD pipelines and DevOps automation"],
      tone: "amber",
    },
  ],
};

const whyUs: HomeContent["whyUs"] = {
  eyebrow: "Why HimalTech",
  title: "Senior engineers, startup prices, no surprises",
  intro: "We are a small team on purpose. You work with the people who write the code, in your time zone's working hours, on a plan you can read.",
  expertise: {
    title: "Technology expertise",
    text: "Our engineers have shipped machine-learning systems, payment platforms and hardened cloud estates for clients on four continents. We choose proven tools over fashionable ones and explain every choice in plain language.",
    points: [
      "Python, TypeScript, Go and Kotlin",
      "AWS, Azure and Google Cloud",
      "PyTorch, scikit-learn and modern LLM tooling",
      "PostgreSQL, BigQuery and dbt",
    ],
  },
  edge: {
    title: "Competitive edge",
    text: "A remote team in Kathmandu keeps our rates fair without cutting corners. Startups get a discount on their first project, and every engagement comes with fixed-scope sprints and a named lead.",
    points: [
      "Discounts for early-stage startups",
      "Fixed-price sprints, no open-ended billing",
      "Overlap with European and US working hours",
      "Code, documentation and credentials always yours",
    ],
  },
  highlights: [
    { value: "99.95%", label: "availability across the platforms we run" },
    { value: "98%", label: "of milestones delivered on time" },
    { value: "2-week", label: "sprints with a live demo at the end of each" },
    { value: "30-minute", label: "average response time on support requests" },
  ],
  action: "Discuss Your Project",
};

const showcase: HomeContent["showcase"] = {
  eyebrow: "Technology solutions",
  title: "Products we have built and run",
  intro: "A selection of platforms designed, engineered and operated by our team, from live products with paying users to pilots in the field.",
};

/** The home page as shipped: the first revision of the "home" content staff edit (decision 069). */
export const homeContent: HomeContent = {
  hero,
  spotlights,
  services,
  whyUs,
  showcase,
  clients: "Trusted by teams in Nepal, Europe, North America and Australia",
};
