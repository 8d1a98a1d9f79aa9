import { site } from "./site";

export const careersPage = {
  seo: {
    title: "Careers – Remote Jobs in AI, Data, Software & Security",
    description:
      "Join HimalTech's remote-first team in Nepal. See our open roles in engineering, data science, cybersecurity, cloud and design, and apply online in minutes.",
  },
  eyebrow: "Careers at HimalTech",
  heading: "Join Our Team",
  intro: "We are a remote-first studio of engineers, data scientists and designers building software for clients around the world, from home, across Nepal.",
  openings: "Current Openings",
  apply: "Apply",
  empty: ["We don't have any open positions at the moment.", "Please check back later or submit a general application."],
  loadError: { heading: "Error loading jobs", fallback: "Failed to load jobs", retry: "Retry" },
  perksHeading: "Why Join Us?",
  perks: [
    { icon: "salary", text: "Competitive salary with equity options" },
    { icon: "flexible", text: "Flexible work arrangements" },
    { icon: "learning", text: "Professional development budget" },
    { icon: "health", text: "Health insurance coverage" },
    { icon: "equipment", text: "Latest tech equipment" },
    { icon: "retreats", text: "Team retreats and events" },
  ],
  general: {
    heading: "Don't see your role?",
    text: "We are always glad to meet talented people. Tell us what you do best and we will keep you in mind for future openings.",
    action: "Submit General Application",
  },
} as const;

export type PerkIcon = (typeof careersPage.perks)[number]["icon"];

export const applicationPage = {
  back: "All openings",
  general: {
    title: "General Application",
    description:
      "No opening that fits you right now? Send us your résumé anyway. We read every application and reach out when a role that matches your skills opens up.",
  },
  labels: { department: "Department", location: "Location", type: "Type", salary: "Salary" },
  requirements: "Requirements",
  responsibilities: "Responsibilities",
  description: "About the role",
  loadError: { heading: "Error loading job", fallback: "Failed to load job details", retry: "Retry" },
  notFound: { heading: "Job not found", text: "The job you're looking for doesn't exist or may have been removed." },
  form: {
    heading: "Apply for this position",
    generalHeading: "Send your application",
    name: "Full Name",
    email: "Email",
    phone: "Phone",
    resume: "Resume",
    resumeHint: "PDF or Word (.pdf, .doc, .docx), up to 5 MB.",
    coverLetter: "Cover Letter",
    submit: "Submit Application",
    submitting: "Submitting...",
    error: "Failed to submit application",
    success: "Application Submitted!",
    thanks: (title: string) => `Thank you for applying for ${title}.`,
    review: "We'll review your information and get back to you soon.",
  },
  help: {
    heading: "Questions?",
    email: site.contact.careersEmail,
    equalOpportunity:
      "HimalTech is an equal-opportunity employer. We welcome applicants of every background, gender, caste, ethnicity, religion, age and ability.",
  },
} as const;

/** The page behind the link in an applicant's acknowledgement. */
export const withdrawalPage = {
  seo: {
    title: "Withdraw your application",
    description: "Withdraw your application to HimalTech and have your data deleted.",
    keywords: [] as string[],
  },
  title: "Withdraw your application",
  text: "Press the button to withdraw your application. We delete it at once, with your résumé and everything you sent us; this cannot be undone.",
  action: "Withdraw and delete my application",
  done: "Your application is withdrawn and your data deleted. Thank you for your interest in HimalTech.",
  failed: "The application could not be withdrawn. Please try again, or write to us.",
};
