import type { GdprContent, LegalContent, PrivacyContent } from "#contracts/site-content.ts";
import { site } from "./site";

export const terms = {
  seo: {
    title: "Terms of Service",
    description: `The terms that apply when you use the ${site.name} website and services: acceptance, what we provide, your responsibilities and the limits of our liability.`,
    keywords: ["terms of service", "terms and conditions", "HimalTech terms", "limitation of liability"],
  },
  eyebrow: "Legal",
  title: "Terms of Service",
  contact: {
    title: "Questions about these terms?",
    text: `Our legal team answers questions about these terms, contracts and compliance at ${site.contact.legalEmail}.`,
    action: "Contact Legal Team",
    /** The support form, its subject filled in: the question arrives in the inbox as an enquiry. */
    to: `/support?tab=contact&subject=${encodeURIComponent("Legal question")}`,
  },
} as const;

/** The policies' dates and the Terms of Service as shipped: the first revision of the content staff edit in the admin. */
export const legalContent: LegalContent = {
  effective: "2023-01-01",
  updated: "2023-06-15",
  terms: {
    intro: `These terms govern your use of ${site.name}’s website and the services we provide. Please read them carefully; they are written to be understood, not to be skimmed past.`,
    sections: [
      {
        id: "acceptance",
        title: "1. Acceptance of Terms",
        paragraphs: [
          `By accessing this website or engaging ${site.legalName} (“${site.name}”, “we”, “us”) for any service, you agree to these Terms of Service and to our Privacy Policy. If you use our services on behalf of an organisation, you accept these terms for that organisation and confirm that you may bind it.`,
          "If you do not agree with any part of these terms, please do not use the website or our services. A signed project agreement takes precedence over these terms where the two differ.",
        ],
        points: [],
      },
      {
        id: "service-description",
        title: "2. Description of Service",
        paragraphs: [
          `${site.name} provides technology services delivered remotely: custom software, AI and machine learning, data science, cybersecurity and cloud engineering, together with the consultation, documentation and support around them.`,
          "The scope, deliverables, timeline and fees of each engagement are set out in a written proposal or statement of work. We may improve, change or discontinue parts of the website at any time; we will give reasonable notice before changing a service you already pay for.",
        ],
        points: [],
      },
      {
        id: "user-responsibilities",
        title: "3. User Responsibilities",
        paragraphs: ["When you use our website and services you agree to:"],
        points: [
          "give accurate information and keep your account details up to date and confidential;",
          "use the services only for lawful purposes and in line with these terms;",
          "not attempt to gain unauthorised access to our systems, probe them for vulnerabilities without written permission, or disrupt them;",
          "hold the rights to any data, content or code you share with us, and tell us about any personal data it contains;",
          "respect our intellectual property and that of others.",
        ],
      },
      {
        id: "limitation-of-liability",
        title: "4. Limitation of Liability",
        paragraphs: [
          `To the fullest extent permitted by law, ${site.name} is not liable for indirect, incidental, special or consequential damages, including lost profits, revenue or data, arising from your use of the website or our services.`,
          `Our total liability for any claim relating to the services is limited to the fees you paid to ${site.name} in the past 12 months before the event giving rise to the claim. Nothing in these terms limits liability that cannot be limited by law.`,
        ],
        points: [],
      },
    ],
  },
};

export type PrivacyTab = "data" | "use" | "rights";

/** The privacy policy's words as shipped: the first revision of the "privacy" content staff edit (decision 069). */
export const privacyContent: PrivacyContent = {
  intro: "Your data is yours. This policy explains what we collect, why we collect it, and how you stay in control of it.",
  collection: {
    title: "What we collect",
    intro: "We collect only what we need to answer you, deliver our services and keep this website running well:",
    kinds: [
      { title: "Contact details", text: "Your name, e-mail address, phone number and company, when you send an enquiry or sign up." },
      { title: "Account information", text: "Your login e-mail and a securely hashed password, if you create an account." },
      { title: "Project information", text: "The requirements, budget, timeline and files you share so we can scope and deliver work." },
      { title: "Job applications", text: "Your résumé, cover letter and contact details when you apply for a role." },
      {
        title: "Usage data",
        text: "The pages you visit and when, to understand what is useful; never when you block analytics or ask not to be tracked. In our newsletter, whether you opened it (its images loaded) and which of its links you followed; unsubscribing ends both.",
      },
      { title: "Technical data", text: "Your browser type, device and IP address, kept briefly in server logs for security and troubleshooting." },
    ],
    neverSold: "We never sell, rent or trade your personal data to anyone.",
  },
  use: {
    title: "How we use it",
    intro: "We use personal data only for these purposes:",
    purposes: [
      { title: "Answering you", text: "Replying to enquiries, scheduling consultations and sending proposals you asked for." },
      { title: "Delivering services", text: "Running projects, accounts and support under our agreement with you." },
      {
        title: "Improving the website",
        text: "Learning which pages and newsletters help readers, from analytics you allowed and newsletter opens and clicks.",
      },
      { title: "Keeping things secure and legal", text: "Protecting our systems from abuse and meeting legal and accounting duties." },
    ],
  },
  rights: {
    title: "Your rights",
    intro: "Wherever you live, you can ask us to:",
    list: [
      { title: "Access and portability", text: "Receive a copy of the personal data we hold about you, in a common machine-readable format." },
      { title: "Correction", text: "Fix personal data that is inaccurate or incomplete." },
      { title: "Erasure", text: "Delete your personal data when we no longer need it or you withdraw consent." },
      { title: "Restriction", text: "Limit how we process your data while a question about it is settled." },
    ],
    responseTime: "We respond to every data request within 30 days.",
  },
};

export const privacy = {
  seo: {
    title: "Privacy Policy",
    description: `How ${site.name} collects, uses and protects personal data, the rights you have over it, and how to make a data request. We never sell your data.`,
    keywords: ["privacy policy", "personal data", "data protection", "data request", "HimalTech privacy"],
  },
  eyebrow: "Legal",
  title: "Privacy Policy",
  tabs: [
    { id: "data", label: "Data Collection" },
    { id: "use", label: "Data Use" },
    { id: "rights", label: "Your Rights" },
  ] as const satisfies readonly { id: PrivacyTab; label: string }[],
  rights: {
    action: "Submit Data Request",
    confirmation: "Request Submitted!",
    /** The form "Submit Data Request" opens; the request is confirmed by a mailed link before staff act on it. */
    form: {
      title: "Your data request",
      intro: "We send a link to this address to confirm the request is yours; nothing happens until you open it.",
      email: "Your email address",
      right: "What are you asking for?",
      rightPlaceholder: "Choose a right",
      rights: [
        { value: "access", label: "A copy of my data (access and portability)" },
        { value: "correction", label: "A correction of my data" },
        { value: "erasure", label: "The erasure of my data" },
        { value: "restriction", label: "A restriction of how my data is used" },
      ],
      details: "Details (optional)",
      detailsHint: "What should we correct or restrict, or anything that helps us find your data.",
      send: "Send request",
      failed: "The request could not be sent. Please try again.",
      incomplete: "Give your email address and choose what you are asking for.",
    },
  },
} as const;

/** The page the data request's mailed link opens: confirming waits for a press, since mail scanners open links too. */
export const dataRequestConfirmation = {
  title: "Confirm your data request",
  pending: "Press the button to confirm that you sent this request. We answer within 30 days.",
  action: "Confirm my request",
  confirmed: "This request is already confirmed. We will answer by mail.",
  expired: "This link has expired. Please send the request again from the privacy page.",
  invalid: "This link is not valid. Please send the request again from the privacy page.",
  again: "Go to the privacy page",
} as const;

/** Where the GDPR page's "Download DPA (PDF)" takes the visitor: the agreement, made by the server from app/content/dpa.ts. */
export const DPA_PATH = "/legal/dpa.pdf";

/** The GDPR page's words as shipped: the first revision of the "gdpr" content staff edit (decision 069). */
export const gdprContent: GdprContent = {
  intro: "We work with clients across Europe, so we hold ourselves to the General Data Protection Regulation for everyone whose data we handle.",
  measuresTitle: "How we protect your data",
  measures: {
    dpo: {
      title: "Data Protection Officer",
      text: "A named data protection officer oversees how we handle personal data and is your direct contact for any privacy question.",
    },
    audits: {
      title: "Regular Security Audits",
      text: "Our systems and practices are reviewed by independent security auditors, and every finding is tracked until it is fixed.",
    },
    dpa: {
      title: "Data Processing Agreements",
      text: "Every client whose personal data we process gets a data processing agreement that sets out exactly what we may do with it.",
    },
    erasure: {
      title: "Right to Erasure",
      text: "Ask us to delete your personal data and we will, together with every copy in our systems and those of our processors.",
    },
    breach: {
      title: "72-Hour Breach Notification",
      text: "If a breach ever affects your data, we notify you and the supervisory authority within 72 hours of becoming aware of it.",
    },
  },
  dpa: {
    title: "Data Processing Agreement",
    text: "Our standard DPA includes the EU Standard Contractual Clauses and a list of our sub-processors. Download it, sign it, and send it back to us.",
  },
  dpo: {
    title: "Contact our Data Protection Officer",
    text: "Write to our DPO about data requests, DPAs or anything else about your personal data.",
    responseTime: "Typical response time: 1-2 business days.",
  },
  resourcesTitle: "GDPR resources",
};

export const gdpr = {
  seo: {
    title: "GDPR Compliance",
    description: `How ${site.name} meets the EU General Data Protection Regulation: our data protection officer, security audits, data processing agreements, the right to erasure and 72-hour breach notification.`,
    keywords: ["GDPR", "GDPR compliance", "data processing agreement", "DPA", "data protection officer"],
  },
  eyebrow: "Legal",
  title: "GDPR Compliance",
  /** The erasure measure's link to the rights tab of the privacy policy. */
  erasureLink: { label: "Ask for erasure", to: "/privacy?tab=rights" },
  dpaAction: "Download DPA (PDF)",
  dpaConfirmation: "Download Started!",
  dpoEmail: site.contact.dpoEmail,
  resources: [
    { label: "Official GDPR text (EUR-Lex)", href: "https://eur-lex.europa.eu/eli/reg/2016/679/oj" },
    { label: "European Data Protection Board", href: "https://www.edpb.europa.eu/" },
    { label: "European Commission: data protection", href: "https://commission.europa.eu/law/law-topic/data-protection_en" },
  ],
} as const;
