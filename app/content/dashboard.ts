import type { ActivityType, CardMetric, DashboardRange, DetailMetric, ExportDataset, ExportRange } from "#contracts/dashboard.ts";

export type DashboardTab = "dashboard" | "users" | "content" | "communications" | "database";

/** The spec's time ranges, in the header's selector. */
const ranges = [
  { id: "24h", label: "Last 24h" },
  { id: "7d", label: "Last 7d" },
  { id: "30d", label: "Last 30d" },
  { id: "90d", label: "Last 90d" },
] satisfies { id: DashboardRange; label: string }[];

/** The admin dashboard's words: the spec's labels, and what our real figures need besides. */
export const dashboardCopy = {
  title: "Dashboard",
  rangeLabel: "Time range",
  ranges,
  menuLabel: "Dashboard sections",
  /** The sections, as tabs under the page's title; `heading` titles the section (the page's own title already says "Dashboard"). */
  tabs: [
    { id: "dashboard", label: "Dashboard", heading: "Overview" },
    { id: "users", label: "User Analytics", heading: "User Analytics" },
    { id: "content", label: "Content Tracking", heading: "Content Tracking" },
    { id: "communications", label: "Communications", heading: "Communications" },
    { id: "database", label: "Data Export", heading: "Data Export" },
  ] satisfies { id: DashboardTab; label: string; heading: string }[],
  loading: "Loading...",
  loadFailed: "The figures could not be loaded.",
  retry: "Try again",
  groups: [
    { title: "Primary Actions", metrics: ["get_started", "talk_to_expert", "cta_clicks"] },
    { title: "Content Engagement", metrics: ["discuss_project", "careers", "blog_views"] },
    { title: "Other Metrics", metrics: ["newsletter_subs", "chatbot_interactions", "contact_messages", "meetings_booked"] },
  ] satisfies { title: string; metrics: CardMetric[] }[],
  metrics: {
    get_started: "Get Started",
    talk_to_expert: "Talk to Expert",
    cta_clicks: "CTA Clicks",
    discuss_project: "Discuss Project",
    careers: "Careers",
    blog_views: "Blog Views",
    newsletter_subs: "Newsletter Subs",
    chatbot_interactions: "Chatbot Interactions",
    contact_messages: "Contact Messages",
    meetings_booked: "Meetings Booked",
    sign_ups: "Account Sign-ups",
  } satisfies Record<DetailMetric, string>,
  /** The change against the range before; "New" when there was nothing before to compare with. */
  newChange: "New",
  vsPrevious: "vs previous period",
  /** Under Newsletter Subs, which counts confirmed subscriptions: the sign-ups of the range still waiting for theirs. */
  pendingSubs: (count: number) => `${count.toLocaleString("en-US")} pending confirmation`,
  openDetails: (label: string) => `Show details of ${label}`,
  /** The 24-hour promise to answer every enquiry, for those that came in the range; shown to roles that work the enquiries. */
  responseTimes: {
    title: "Response times",
    median: "Median first response",
    medianNote: "From an enquiry's arrival to the first answer",
    withinDay: "Answered within 24 hours",
    withinDayNote: "Of the enquiries answered or older than 24 hours, spam aside",
    overdue: "Overdue now",
    overdueNote: "Past their due time, whenever they came",
    overdueLink: (count: number) => `${count.toLocaleString("en-US")} overdue: open them in the inbox`,
    none: "—",
    /** "45 min", "3 h 20 min", "27 h": hours rather than days, as the promise is counted in hours. */
    duration: (seconds: number) => {
      const minutes = Math.round(seconds / 60);
      if (minutes < 1) return "under 1 min";
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
    },
  },
  activities: {
    title: "Recent Activities",
    headings: ["Activity", "User", "Time", "Actions"],
    empty: "No activity in this period.",
    view: "View",
    viewLabel: (activity: string, user: string) => `View ${activity} by ${user}`,
    types: {
      GET_STARTED: "Get Started request",
      TALK_TO_EXPERT: "Talk to Expert request",
      DISCUSS_PROJECT: "Project discussion request",
      CTA: "Contact message",
      application: "Job application",
      newsletter: "Newsletter subscription",
      sign_up: "Account sign-up",
      meeting: "Meeting booked",
    } satisfies Record<ActivityType, string>,
  },
  details: {
    title: (label: string) => `${label} details`,
    count: "Count",
    trend: "Trend",
    trendSummary: (label: string, points: { when: string; count: number }[]) =>
      `${label} per period: ${points.map((point) => `${point.when}: ${point.count}`).join(", ")}.`,
    latest: "Latest entries",
    headings: ["ID", "User", "Date", "Device"],
    unknownDevice: "Unknown",
    empty: "Nothing in this period.",
    export: "Export Data",
    exporting: "Exporting...",
    close: "Close",
  },
  users: {
    title: "User Analytics",
    pageViews: "Page views",
    visitors: "Visitors",
    visitorsTotal: "Each day's visitors, added up",
    perDay: "Visitors and page views per day",
    perDayHeadings: ["Day", "Visitors", "Page views"],
    visitorsNote: "A visitor is counted once per day: the anonymous visitor key changes every day. The table lists the days with visits.",
    devices: "Devices",
    mobile: "Mobile",
    desktop: "Desktop",
    referrers: "Top referrers",
    referrerHeadings: ["Site", "Visits"],
    noReferrers: "No visits came from other sites in this period.",
  },
  content: {
    title: "Content Tracking",
    topPages: "Top pages",
    topPagesHeadings: ["Page", "Views"],
    noPages: "No page views in this period.",
    conversions: "Conversion rates",
    conversionHeadings: ["Form", "Page", "Views", "Submissions", "Conversion rate"],
    conversionNote:
      "Conversion rate: submissions per counted view of the form's page in this period, at most 100%. Visitors who decline analytics send forms without a counted view, so submissions can outnumber views; those extra submissions do not raise the rate.",
    noRate: "No views",
  },
  communications: {
    title: "Communications",
    mail: "Mail sent by the site",
    sent: "Sent",
    failed: "Failed",
    pending: "Waiting to send",
    newsletter: "Newsletter",
    signUps: "Sign-ups",
    confirmed: "Confirmed",
    confirmationRate: "Confirmation rate",
    noRate: "No sign-ups",
    openRate: "Email open rate",
    clickRate: "Newsletter click rate",
    noNewsletter: "—",
    openRateWhy: "Of the newsletters sent in this period, the share whose reader showed its images or clicked a link.",
    clickRateWhy: "Of the newsletters sent in this period, the share whose reader clicked at least one link.",
    campaigns: "Newsletters sent in this period",
    noCampaigns: "No newsletter was sent in this period.",
    columns: { subject: "Newsletter", startedAt: "Sent on", sent: "Sent", opens: "Opened", clicks: "Clicked", unsubscribes: "Unsubscribed" },
  },
  exports: {
    title: "Data Export",
    intro: "Downloads cover the period you choose here. Every download is recorded below and in the audit log.",
    periodLabel: "Period",
    periods: [...ranges, { id: "all", label: "All time" }] satisfies { id: ExportRange; label: string }[],
    datasetLabel: "Data set",
    datasets: {
      enquiries: "Enquiries",
      applications: "Job applications",
      subscribers: "Newsletter subscribers",
      page_views: "Page views",
    } satisfies Record<ExportDataset, string>,
    csv: "CSV Export",
    json: "JSON Export",
    dump: "Full Database Dump",
    dumpHint: "Every business table as JSON. Passwords, tokens, hashes and uploaded files are never included.",
    working: "Preparing download...",
    done: (fileName: string) => `Downloaded ${fileName}.`,
    past: "Past exports",
    pastHeadings: ["When", "Who", "What", "Format", "Range", "Rows"],
    noPast: "No exports yet.",
    wholeDatabase: "Whole database",
  },
} as const;
