import type { InfoPageContent } from "./page-types";

export const expertise: InfoPageContent = {
  path: "/expertise",
  seo: {
    title: "Our Expertise",
    description:
      "The technologies and practices HimalTech engineers master: AI and machine learning, data engineering, full-stack software, cybersecurity and cloud infrastructure.",
    keywords: ["technology expertise", "AI engineers Nepal", "cloud experts", "cybersecurity specialists", "full-stack development"],
  },
  eyebrow: "Our Expertise",
  title: "Deep skills where it matters",
  intro:
    "A senior remote team that has shipped AI platforms, data pipelines, secure web products and cloud migrations for startups and established businesses.",
  sections: [
    {
      id: "disciplines",
      title: "Five disciplines, one team",
      intro: "Every project gets engineers who work across the stack, so nothing falls between the cracks of separate vendors.",
      cards: [
        {
          title: "AI & Machine Learning",
          text: "Predictive models, computer vision, NLP and LLM-powered assistants taken from prototype to production.",
          points: ["PyTorch, scikit-learn, Hugging Face", "Model monitoring and retraining", "Retrieval-augmented generation"],
        },
        {
          title: "Data Science",
          text: "Pipelines, warehouses and dashboards that turn raw data into decisions you can trust.",
          points: ["ETL with dbt and Airflow", "BI dashboards", "Forecasting and experimentation"],
        },
        {
          title: "Software Development",
          text: "Web and mobile applications and APIs, built test-first and designed to be maintained.",
          points: ["React, TypeScript, Node.js, Python", "REST and GraphQL APIs", "Accessible, fast interfaces"],
        },
        {
          title: "Cybersecurity",
          text: "Penetration tests, audits and secure architecture reviews that find the holes before attackers do.",
          points: ["OWASP Top 10 testing", "Threat modelling", "Incident response planning"],
        },
        {
          title: "Cloud Computing",
          text: "Migrations, Kubernetes and serverless platforms that scale with demand and cost less to run.",
          points: ["AWS, Azure and Google Cloud", "Infrastructure as code", "Cost optimisation"],
        },
        {
          title: "DevOps & Reliability",
          text: "Continuous delivery, observability and on-call practices that keep systems at 99.9% uptime.",
          points: ["CI/CD pipelines", "Monitoring and alerting", "Disaster recovery drills"],
        },
      ],
    },
    {
      id: "how-we-work",
      title: "How we deliver",
      points: [
        "Two-week sprints with a demo at the end of each, so you see progress rather than hear about it.",
        "98% of milestones delivered on time, with a 30-minute average response to questions during working hours.",
        "Code reviews, automated tests and security checks on every change.",
        "Documentation and handover included, so your team owns what we build.",
      ],
    },
    {
      id: "industries",
      title: "Industries we know",
      cards: [
        { title: "E-commerce & Retail", text: "Recommendation engines, inventory forecasting and storefronts that convert." },
        { title: "Education", text: "Learning platforms, assessment tools and analytics for schools and edtech startups." },
        { title: "Agritech", text: "Crop and weather models, supply-chain tracking and field apps that work offline." },
        { title: "Fintech & Services", text: "Secure payment flows, fraud detection and compliance-ready infrastructure." },
      ],
    },
  ],
  callToAction: {
    title: "Have a problem worth solving?",
    text: "Tell us about it and an engineer, not a salesperson, will get back to you within 24 hours.",
    label: "Talk to Expert",
    to: "/talktoexpert",
  },
};
