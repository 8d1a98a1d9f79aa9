import type { AdminArea } from "@contracts/admin-roles";

export const adminLoginCopy = {
  title: "Admin login",
  intro: "Staff sign-in. A browser used for the first time must be approved by an admin before it can sign in.",
  username: "Username",
  password: "Password",
  submit: "Login",
  submitting: "Logging in...",
  registering: "Device submitted for verification. Await admin approval.",
  success: "Login successful! Redirecting...",
} as const;

/**
 * The admin's side navigation, in its order: each screen with the area a role needs to use it
 * (contracts/admin-roles.ts). A new screen is one line here.
 */
export const adminNavigation = [
  { to: "/dashboard", label: "Dashboard", area: "dashboard" },
  { to: "/admin/enquiries", label: "Enquiries", area: "enquiries" },
  { to: "/admin/applications", label: "Applications", area: "applications" },
  { to: "/admin/jobs", label: "Jobs", area: "jobs" },
  { to: "/postblog", label: "Posts", area: "posts" },
  { to: "/admin/subscribers", label: "Subscribers", area: "subscribers" },
  { to: "/admin/users", label: "Users", area: "users" },
  { to: "/admin/team", label: "Team", area: "team" },
  { to: "/admin/devices", label: "Devices", area: "devices" },
  { to: "/admin/audit", label: "Audit log", area: "audit" },
] as const satisfies readonly { to: string; label: string; area: AdminArea }[];

/** The admin frame's own words: its navigation and top bar. */
export const adminFrameCopy = {
  brand: "HimalTech admin",
  navigation: "Admin",
  openMenu: "Open admin menu",
  closeMenu: "Close admin menu",
  signedInAs: "Signed in as",
  account: "My account",
  signOut: "Sign out",
  signOutFailed: "Could not sign out.",
  panelIntro: "Choose a screen from the menu.",
} as const;

export const postManagementCopy = {
  heading: "Blog Post Management",
  loading: "Loading...",
  createHeading: "Create New Post",
  editHeading: "Edit Post",
  title: "Title",
  excerpt: "Excerpt",
  excerptHint: "Max 300 characters",
  categories: "Categories",
  newCategory: "New category",
  addCategory: "Add",
  image: "Featured Image",
  imageCta: "Click to upload",
  imageHint: "JPEG, PNG, WebP, GIF or AVIF, up to 8 MB",
  removeImage: "Remove image",
  readTime: "Read Time (minutes)",
  featured: "Featured Post",
  content: "Content",
  contentHint: "Markdown: headings, lists, tables, task lists, footnotes and links.",
  preview: "Preview",
  hidePreview: "Hide preview",
  save: "Save Post",
  saving: "Saving...",
  cancel: "Cancel",
  existing: "Existing Posts",
  searchHint: "Title or excerpt",
  categoryFilter: "Category",
  featuredFilter: "Featured",
  sorts: [
    { value: "-published", label: "Newest first" },
    { value: "published", label: "Oldest first" },
    { value: "title", label: "Title A–Z" },
  ],
  featuredChoices: { yes: "Featured", no: "Not featured" },
  empty: "No posts found.",
  unknownCategory: "Unknown",
  confirmDelete: "Are you sure you want to delete this post?",
  saved: "Post saved.",
  deleted: "Post deleted.",
} as const;

/** The words shared by every admin list: filters, paging, loading. */
export const adminListCopy = {
  filters: "Filters",
  search: "Search",
  sort: "Sort by",
  all: "All",
  apply: "Apply filters",
  loading: "Loading...",
  pages: "Pages",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, pages: number, count: number) => `Page ${page} of ${pages} · ${count} in all`,
  /** A list that stopped counting at `count`: it has more, and its last page is not known. */
  pageOfMany: (page: number, count: number) => `Page ${page} · ${count.toLocaleString("en-US")}+ in all`,
  open: "Open",
} as const;

export const enquiryTypeLabels = {
  CTA: "Contact",
  GET_STARTED: "Get started",
  TALK_TO_EXPERT: "Talk to an expert",
  DISCUSS_PROJECT: "Discuss a project",
  SUPPORT: "Support",
  EMAIL: "Mail",
  ASSISTANT: "Assistant",
} as const;

/** A stretch of time in the largest whole unit that fits, as the inbox shows it ("45 min", "5 h", "3 d"). */
export const spanLabel = (ms: number) => {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
};

export const enquiriesCopy = {
  heading: "Enquiries",
  caption: "Enquiries, those owed an answer first",
  columns: ["Select", "From", "Form", "Subject and message", "Owner", "Status", "Due"],
  type: "Form",
  status: "Status",
  owner: "Owner",
  age: "Received",
  anyone: "Anyone",
  me: "Me",
  unassigned: "Unassigned",
  overdueOnly: "Overdue only",
  searchHint: "Name, email, company or any message",
  sorts: [
    { value: "due", label: "Due first" },
    { value: "-created", label: "Newest first" },
    { value: "created", label: "Oldest first" },
    { value: "-activity", label: "Latest activity" },
    { value: "name", label: "Name A–Z" },
    { value: "email", label: "Email A–Z" },
  ],
  empty: "No enquiries match these filters.",
  selectOne: (who: string) => `Select the conversation with ${who}`,
  bulkLabel: "With the selected conversations",
  bulkClose: "Close",
  bulkSpam: "Mark as spam",
  bulkDelete: "Delete…",
  bulkDeleteWarning: "The selected conversations and their messages are deleted for good.",
  bulkDeleteConfirm: "Delete selected",
  dueIn: (span: string) => `Due in ${span}`,
  overdueBy: (span: string) => `Overdue by ${span}`,
  backToList: "All enquiries",
  detailHeading: (id: number) => `Enquiry #${id}`,
  fields: {
    type: "Form",
    sentFrom: "Sent from page",
    received: "Received",
    name: "Name",
    email: "Email",
    company: "Company",
    userType: "Who they are",
    helpType: "Help wanted",
    budget: "Budget",
    timeline: "Timeline",
    subject: "Subject",
    status: "Status",
    owner: "Owner",
    firstResponse: "First response",
    due: "Due",
    visitorPage: "Visitor's page",
  },
  firstResponse: (when: string, span: string) => `${when} (${span} after it arrived)`,
  nothingDue: "Nothing owed",
  visitorLink: "Visitor's conversation page",
  thread: "Conversation",
  threadLabels: {
    first: (who: string) => `${who} wrote`,
    reply: (who: string) => `${who} replied`,
    visitorWeb: (who: string) => `${who} answered on the conversation page`,
    visitorMail: (who: string) => `${who} answered by mail`,
    note: (who: string) => `Note by ${who}`,
  },
  noteBanner: "Internal note — not sent to the visitor",
  replyLabel: "Reply to the visitor",
  replyHint: "Sent by mail with the visitor's message quoted below. Simple markdown: **bold**, lists, links.",
  sendReply: "Send reply",
  noteLabel: "Internal note",
  noteHint: "Only staff see notes. Simple markdown: **bold**, lists, links.",
  addNote: "Add note",
  manage: "Manage",
  statusLabel: "Status",
  saveStatus: "Save status",
  ownerLabel: "Owner",
  saveOwner: "Save owner",
  deleteDisclosure: "Delete conversation…",
  deleteWarning: "The conversation and every message in it are deleted for good.",
  deleteConfirm: "Delete for good",
  unknownAction: "That change is not one this screen makes.",
} as const;

export const jobsCopy = {
  heading: "Jobs",
  caption: "Job openings, open ones first",
  columns: ["Title", "Department", "Type", "Posted", "Applications", "Status", "Actions"],
  newJob: "New job",
  status: "Status",
  type: "Type",
  searchHint: "Title, department or id",
  sorts: [
    { value: "status", label: "Open first" },
    { value: "-posted", label: "Newest first" },
    { value: "posted", label: "Oldest first" },
    { value: "title", label: "Title A–Z" },
  ],
  empty: "No jobs yet.",
  noMatch: "No jobs match these filters.",
  edit: "Edit",
  close: "Close",
  reopen: "Reopen",
  closed: (title: string) => `${title} is closed and off the careers page.`,
  reopened: (title: string) => `${title} is open and on the careers page.`,
  saved: (title: string) => `${title} saved.`,
  newHeading: "New job",
  editHeading: (title: string) => `Edit ${title}`,
  backToList: "All jobs",
  form: {
    title: "Title",
    type: "Type",
    chooseType: "Choose a type",
    department: "Department",
    location: "Location",
    salary: "Salary",
    salaryHint: "Optional, shown as written, e.g. NPR 150,000–200,000 / month",
    description: "Description",
    requirements: "Requirements",
    responsibilities: "Responsibilities",
    linesHint: "One item per line",
    slugHint: "The job's address is made from its title when it is created, and stays the same afterwards.",
    save: "Save job",
    saving: "Saving...",
    cancel: "Cancel",
  },
} as const;

export const applicationStatusLabels = { new: "New", reviewing: "Reviewing", rejected: "Rejected", hired: "Hired" } as const;

export const applicationsCopy = {
  heading: "Applications",
  caption: "Applications, newest first",
  columns: ["Received", "Applicant", "Position", "Status"],
  job: "Job",
  status: "Status",
  searchHint: "Applicant, email or position",
  sorts: [
    { value: "-created", label: "Newest first" },
    { value: "created", label: "Oldest first" },
    { value: "name", label: "Applicant A–Z" },
  ],
  general: "General application",
  empty: "No applications match these filters.",
  backToList: "All applications",
  fields: { position: "Position", received: "Received", email: "Email", phone: "Phone", resume: "Résumé", status: "Status" },
  coverLetter: "Cover letter",
  noCoverLetter: "No cover letter was sent.",
  notGiven: "Not given",
  download: "Download résumé",
  changeStatus: "Change status",
  saveStatus: "Save status",
  saved: "Status saved.",
} as const;

export const subscribersCopy = {
  heading: "Subscribers",
  caption: "Newsletter subscribers, newest first",
  columns: ["Email", "Status", "Signed up", "Actions"],
  status: "Status",
  searchHint: "Email address",
  sorts: [
    { value: "-created", label: "Newest first" },
    { value: "created", label: "Oldest first" },
    { value: "email", label: "Email A–Z" },
  ],
  empty: "No subscribers match these filters.",
  remove: "Remove",
  confirmRemove: (email: string) => `Remove ${email} from the newsletter list? This deletes the address and cannot be undone.`,
  removed: (email: string) => `${email} removed.`,
} as const;

export const auditCopy = {
  heading: "Audit log",
  latest: "Latest activity",
  caption: "Admin actions, newest first",
  columns: ["When", "Who", "Action", "Target"],
  empty: "Nothing has been done in the admin area yet.",
  more: "All activity",
} as const;
