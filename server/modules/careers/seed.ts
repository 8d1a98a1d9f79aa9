import type { JobType } from "#contracts/careers.ts";

export interface SampleJob {
  id: string;
  title: string;
  type: JobType;
  department: string;
  location: string;
  applicantLocations: string[];
  salary?: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
  /** How long ago the opening was posted. */
  postedDaysAgo: number;
}

/** How long a sample opening stays open after it is posted. */
export const SAMPLE_OPENING_DAYS = 90;

/** The openings a new site starts with: remote roles across the studio's practices. */
export const sampleJobs: SampleJob[] = [
  {
    id: "senior-full-stack-engineer",
    title: "Senior Full-Stack Engineer (TypeScript)",
    type: "Full-time",
    department: "Engineering",
    location: "Remote · Nepal",
    applicantLocations: ["Nepal"],
    salary: "NPR 220,000 – 320,000 per month",
    description:
      "Lead the build of web products for our clients, from the first architecture sketch to the release that real customers use. You will work in a small senior team with React, Node.js and PostgreSQL, pair with designers and data scientists, and set the quality bar for the code we ship.",
    requirements: [
      "5+ years building production web applications, at least 3 of them with TypeScript",
      "Deep experience with React and a Node.js back end (Fastify, Express or NestJS)",
      "Solid SQL and data modelling on PostgreSQL",
      "Automated testing as a habit: unit, integration and browser tests",
      "Clear written English for remote collaboration with clients",
    ],
    responsibilities: [
      "Design and build features end to end across front end, API and database",
      "Review code and mentor mid-level engineers",
      "Estimate work with clients and turn fuzzy requests into clear plans",
      "Keep our delivery pipeline fast, observable and secure",
    ],
    postedDaysAgo: 4,
  },
  {
    id: "data-scientist-machine-learning",
    title: "Data Scientist, Machine Learning",
    type: "Full-time",
    department: "Data Science",
    location: "Remote · Nepal or India",
    applicantLocations: ["Nepal", "India"],
    salary: "NPR 180,000 – 270,000 per month",
    description:
      "Turn our clients' data into models and decisions that matter: demand forecasts for retailers, document understanding for banks, and recommendation systems for growing marketplaces. You will own projects from exploration to a model running in production.",
    requirements: [
      "3+ years applying machine learning to real business problems",
      "Strong Python with pandas, scikit-learn and one deep-learning framework (PyTorch preferred)",
      "Good grounding in statistics, experiment design and model evaluation",
      "Experience deploying models behind an API or in a batch pipeline",
      "Able to explain results to people who are not data scientists",
    ],
    responsibilities: [
      "Explore client data and frame the problem worth solving",
      "Build, evaluate and document models, and monitor them once live",
      "Work with engineers to put models into production",
      "Write short, clear reports and present findings to clients",
    ],
    postedDaysAgo: 9,
  },
  {
    id: "security-engineer-appsec-cloud",
    title: "Security Engineer, Application & Cloud",
    type: "Full-time",
    department: "Cybersecurity",
    location: "Remote · Nepal",
    applicantLocations: ["Nepal"],
    salary: "NPR 200,000 – 300,000 per month",
    description:
      "Help our clients and our own teams ship software that stays safe. You will run security reviews and penetration tests, harden cloud accounts, and build the guard rails that let engineers move quickly without opening holes.",
    requirements: [
      "3+ years in application or cloud security",
      "Hands-on web penetration testing (OWASP Top 10, Burp Suite or similar)",
      "Working knowledge of AWS or Azure identity, networking and logging",
      "Able to read and fix code in at least one of TypeScript, Python or Go",
      "OSCP, OSWE or a cloud security certification is a plus",
    ],
    responsibilities: [
      "Run threat models, code reviews and penetration tests for client projects",
      "Harden cloud environments and set up detection and alerting",
      "Write remediation guidance that developers can act on",
      "Lead incident response when something goes wrong",
    ],
    postedDaysAgo: 14,
  },
  {
    id: "product-designer-ui-ux",
    title: "Product Designer (UI/UX)",
    type: "Contract",
    department: "Design",
    location: "Remote · South Asia",
    applicantLocations: ["Nepal", "India", "Bangladesh", "Sri Lanka"],
    description:
      "Shape how people experience the products we build, from research and flows to polished interfaces and design systems. A six-month contract with a strong chance to extend, working closely with engineers and client stakeholders.",
    requirements: [
      "A portfolio showing shipped web or mobile products and the thinking behind them",
      "Expert use of Figma, including components, variants and auto layout",
      "Experience running user interviews and usability tests",
      "Working knowledge of accessibility (WCAG 2.1 AA)",
    ],
    responsibilities: [
      "Lead discovery workshops and turn insights into flows and wireframes",
      "Design high-fidelity interfaces and interactive prototypes",
      "Build and maintain design systems that engineers love to use",
      "Test designs with real users and iterate",
    ],
    postedDaysAgo: 21,
  },
  {
    id: "cloud-devops-engineer",
    title: "Cloud & DevOps Engineer",
    type: "Full-time",
    department: "Cloud",
    location: "Remote · Nepal",
    applicantLocations: ["Nepal"],
    salary: "NPR 170,000 – 250,000 per month",
    description:
      "Build the platforms our clients' products run on: infrastructure as code, container platforms, delivery pipelines and the monitoring that tells us about a problem before a customer does.",
    requirements: [
      "3+ years running production workloads on AWS, Azure or GCP",
      "Infrastructure as code with Terraform or Pulumi",
      "Docker and Kubernetes in production",
      "CI/CD with GitHub Actions or GitLab CI",
      "Linux and networking fundamentals",
    ],
    responsibilities: [
      "Design and automate cloud infrastructure for client projects",
      "Run migrations from on-premise servers to the cloud",
      "Keep costs, reliability and security in balance",
      "Set up observability: metrics, logs, traces and alerts",
    ],
    postedDaysAgo: 30,
  },
];
