import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from "./admin-roles";

/**
 * The audit log in words: what each stored action code (`invite.created`) means, as a short label for the log's
 * filter and as a sentence for its rows ("Invited kiran@himaltech.test as Editor"). Plain values, no zod: the
 * audit screen's script reads the labels. A code this table does not know is still said in words, from the code.
 */

/** What a row's sentence is made from: the entry as stored, and whether the admin who acted is the one it is about. */
export interface AuditFacts {
  action: string;
  /** The stored name of who acted: an admin's username, or "command line", "approval link", … */
  who: string;
  detail: Record<string, unknown>;
  /** The admin acted on their own account (their password, their two-factor sign-in). */
  self: boolean;
}

/** Who acted when it was not an admin, as the log shows it. */
const ACTORS: Record<string, string> = {
  "command line": "Command line on the server",
  "approval link": "Mailed approval link",
  candidate: "The candidate",
  "account holder": "The account holder",
  retention: "Retention schedule",
  schedule: "Publishing schedule",
};

/** The log's "who", in words: an admin's username as it is, anyone else by what they are. */
export const auditActorLabel = (who: string) => ACTORS[who] ?? who;

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const quoted = (value: unknown) => (text(value) ? ` “${text(value)}”` : "");
const roleLabel = (value: unknown) => ((ADMIN_ROLES as readonly unknown[]).includes(value) ? ADMIN_ROLE_LABELS[value as AdminRole] : undefined);
const revisionOf = (detail: Record<string, unknown>) => (count(detail.revision) ? ` (revision ${count(detail.revision)})` : "");
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
/** "interview" → "Interview", "page_views" → "page views". */
const words = (code: string) => code.replace(/[_-]+/g, " ").trim();
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** How a device decision was made, as the sentence ends: whose mailed link, the command line, the devices screen. */
function deviceVia({ who, detail }: AuditFacts) {
  const via = text(detail.via) ?? (who === "approval link" ? "link" : who === "command line" ? "command_line" : undefined);
  if (via === "link") return who === "approval link" ? " (by the approval link mailed to the owners)" : ` (by the link mailed to ${who})`;
  if (via === "command_line") return " (from the command line)";
  if (via === "screen") return " (on the Devices screen)";
  return "";
}
const deviceOf = (facts: AuditFacts, what: string) => (text(facts.detail.username) ? `${what} for ${text(facts.detail.username)}` : what);

type Described = { label: string; sentence?: (facts: AuditFacts) => string };

const ACTIONS: Record<string, Described> = {
  "admin.login": { label: "Signed in" },
  "admin.logout": { label: "Signed out" },
  "admin.password_changed": { label: "Password changed", sentence: () => "Changed their password on My account" },
  "admin.password_reset": { label: "Password reset", sentence: () => "Set a new password through a mailed reset link" },
  "admin.two_factor_on": { label: "Two-factor sign-in turned on", sentence: () => "Turned on two-factor sign-in" },
  "admin.two_factor_off": {
    label: "Two-factor sign-in turned off",
    sentence: ({ self, detail }) =>
      self || !text(detail.username) ? "Turned off two-factor sign-in" : `Turned off two-factor sign-in for ${text(detail.username)}`,
  },
  "admin.recovery_code_used": {
    label: "Signed in with a recovery code",
    sentence: ({ detail }) =>
      count(detail.codes_left) === undefined
        ? "Signed in with a recovery code"
        : `Signed in with a recovery code (${plural(count(detail.codes_left)!, "code")} left)`,
  },
  "admin.recovery_codes_replaced": { label: "Recovery codes replaced", sentence: () => "Replaced their recovery codes" },
  "admin.role_changed": {
    label: "Role changed",
    sentence: ({ detail }) =>
      `Changed the role of ${text(detail.username) ?? "an admin"}${roleLabel(detail.from) ? ` from ${roleLabel(detail.from)}` : ""}${roleLabel(detail.to) ? ` to ${roleLabel(detail.to)}` : ""}`,
  },
  "admin.enabled": { label: "Admin enabled", sentence: ({ detail }) => `Enabled ${text(detail.username) ?? "an admin"}` },
  "admin.disabled": { label: "Admin disabled", sentence: ({ detail }) => `Disabled ${text(detail.username) ?? "an admin"} and signed them out everywhere` },
  "admin.removed": {
    label: "Admin removed",
    sentence: ({ detail }) => `Removed ${text(detail.username) ?? "an admin"}${roleLabel(detail.role) ? ` (${roleLabel(detail.role)})` : ""} from the team`,
  },
  "settings.require_two_factor": {
    label: "Two-factor rule changed",
    sentence: ({ detail }) =>
      detail.required === false ? "Stopped requiring two-factor sign-in of every admin" : "Required two-factor sign-in of every admin",
  },
  "invite.created": {
    label: "Invitation sent",
    sentence: ({ detail }) => `Invited ${text(detail.email) ?? "someone"}${roleLabel(detail.role) ? ` as ${roleLabel(detail.role)}` : ""}`,
  },
  "invite.resent": { label: "Invitation sent again", sentence: ({ detail }) => `Sent the invitation to ${text(detail.email) ?? "a colleague"} again` },
  "invite.revoked": { label: "Invitation revoked", sentence: ({ detail }) => `Revoked the invitation to ${text(detail.email) ?? "a colleague"}` },
  "invite.accepted": {
    label: "Invitation accepted",
    sentence: ({ detail }) => `Joined the team${roleLabel(detail.role) ? ` as ${roleLabel(detail.role)}` : ""}, through an invitation`,
  },
  "device.approved": { label: "Device approved", sentence: (facts) => `${deviceOf(facts, "Approved a new device")}${deviceVia(facts)}` },
  "device.revoked": {
    label: "Device revoked or rejected",
    sentence: (facts) =>
      text(facts.detail.via) === "link"
        ? `${deviceOf(facts, "Rejected a new device")}${deviceVia(facts)}`
        : `${deviceOf(facts, "Revoked a device")}${deviceVia(facts)}`,
  },
  "post.created": { label: "Post created", sentence: ({ detail }) => `Created the post${quoted(detail.title)}` },
  "post.updated": { label: "Post edited", sentence: ({ detail }) => `Edited the post${quoted(detail.title)}` },
  "post.deleted": { label: "Post deleted", sentence: ({ detail }) => `Deleted the post${quoted(detail.title)}` },
  "category.created": { label: "Category added", sentence: ({ detail }) => `Added the blog category${quoted(detail.name)}` },
  "job.drafted": { label: "Job drafted", sentence: ({ detail }) => `Saved the job${quoted(detail.title)} as a draft` },
  "job.created": { label: "Job published", sentence: ({ detail }) => `Published the new job${quoted(detail.title)}` },
  "job.published": { label: "Job published", sentence: ({ detail }) => `Published the job${quoted(detail.title)}` },
  "job.updated": { label: "Job edited", sentence: ({ detail }) => `Edited the job${quoted(detail.title)}` },
  "job.reopened": { label: "Job reopened", sentence: ({ detail }) => `Reopened the job${quoted(detail.title)}` },
  "job.closed": { label: "Job closed", sentence: ({ detail }) => `Closed the job${quoted(detail.title)}` },
  "content.saved": { label: "Content draft saved", sentence: ({ detail }) => `Saved a draft of ${text(detail.label) ?? "site content"}${revisionOf(detail)}` },
  "content.published": { label: "Content published", sentence: ({ detail }) => `Published ${text(detail.label) ?? "site content"}${revisionOf(detail)}` },
  "content.scheduled": {
    label: "Content publish scheduled",
    sentence: ({ detail }) =>
      `Scheduled ${text(detail.label) ?? "site content"}${revisionOf(detail)} to be published${text(detail.at) ? ` at ${text(detail.at)}` : ""}`,
  },
  "content.unscheduled": {
    label: "Content publish cancelled",
    sentence: ({ detail }) => `Cancelled the scheduled publish of ${text(detail.label) ?? "site content"}`,
  },
  "content.restored": {
    label: "Content revision restored",
    sentence: ({ detail }) => `Restored ${text(detail.label) ?? "site content"}${revisionOf(detail)} as a draft`,
  },
  "content.imported": { label: "Content imported", sentence: () => "Imported site content from an export file" },
  "faq.answer_added": { label: "FAQ answer published", sentence: ({ detail }) => `Published an FAQ answer to${quoted(detail.question)}` },
  "application.withdrawn": { label: "Application withdrawn", sentence: () => "Withdrew their application" },
  "application.mailed": {
    label: "Candidate mailed",
    sentence: ({ detail }) => `Mailed ${text(detail.name) ?? "the candidate"}${text(detail.stage) ? ` about the ${words(text(detail.stage)!)} stage` : ""}`,
  },
  "application.mail_skipped": {
    label: "Candidate mail not sent",
    sentence: ({ detail }) => `Sent ${text(detail.name) ?? "the candidate"} no mail${text(detail.stage) ? ` for the ${words(text(detail.stage)!)} stage` : ""}`,
  },
  "applications.retention": {
    label: "Old applications deleted",
    sentence: ({ detail }) =>
      `Deleted ${count(detail.deleted) === undefined ? "applications" : plural(count(detail.deleted)!, "application")}${count(detail.months) ? ` older than ${plural(count(detail.months)!, "month")}` : ""}, as the retention rule says`,
  },
  "candidate_mail_template.saved": { label: "Candidate mail template saved", sentence: () => "Saved a candidate mail template" },
  "enquiry.deleted": { label: "Enquiry deleted", sentence: () => "Deleted an enquiry and its conversation" },
  "enquiry.assigned": { label: "Enquiry assigned", sentence: () => "Assigned an enquiry to an admin" },
  "enquiry.unassigned": { label: "Enquiry unassigned", sentence: () => "Took an enquiry off its admin" },
  "subscriber.removed": {
    label: "Subscriber removed",
    sentence: ({ detail }) => `Removed ${text(detail.email) ?? "an address"} from the newsletter list`,
  },
  "meeting.cancel": { label: "Meeting cancelled", sentence: ({ detail }) => `Cancelled the meeting${text(detail.name) ? ` with ${text(detail.name)}` : ""}` },
  "meeting.settings": { label: "Meeting settings changed", sentence: () => "Changed the meeting settings" },
  "campaign.created": { label: "Campaign created", sentence: ({ detail }) => `Created the newsletter${quoted(detail.subject)}` },
  "campaign.saved": { label: "Campaign edited", sentence: ({ detail }) => `Edited the newsletter${quoted(detail.subject)}` },
  "campaign.scheduled": { label: "Campaign scheduled", sentence: ({ detail }) => `Scheduled the newsletter${quoted(detail.subject)}` },
  "campaign.sent_now": { label: "Campaign sent", sentence: ({ detail }) => `Started sending the newsletter${quoted(detail.subject)}` },
  "campaign.unscheduled": { label: "Campaign unscheduled", sentence: ({ detail }) => `Took the newsletter${quoted(detail.subject)} off the schedule` },
  "campaign.paused": { label: "Campaign paused", sentence: ({ detail }) => `Paused the newsletter${quoted(detail.subject)}` },
  "campaign.resumed": { label: "Campaign resumed", sentence: ({ detail }) => `Resumed the newsletter${quoted(detail.subject)}` },
  "campaign.test_sent": { label: "Campaign test sent", sentence: ({ detail }) => `Sent a test of the newsletter${quoted(detail.subject)}` },
  "data_request.archive_sent": { label: "Data archive sent", sentence: () => "Sent a visitor the archive of their data" },
  "data_request.erased": {
    label: "Data erased",
    sentence: ({ detail }) => `Erased a visitor's data${count(detail.rows) === undefined ? "" : ` (${plural(count(detail.rows)!, "record")})`}`,
  },
  "data_request.completed": {
    label: "Data request completed",
    sentence: ({ detail }) => `Completed a data request${text(detail.right) ? ` (${words(text(detail.right)!)})` : ""}`,
  },
  "data_request.declined": {
    label: "Data request declined",
    sentence: ({ detail }) => `Declined a data request${text(detail.right) ? ` (${words(text(detail.right)!)})` : ""}`,
  },
  "account.erased": { label: "Site account erased", sentence: () => "Deleted their own site account and its data" },
  "user.verification_resent": { label: "Verification mail sent again", sentence: () => "Sent a site account its verification mail again" },
  "user.disabled": { label: "Site account disabled", sentence: () => "Disabled a site account" },
  "user.enabled": { label: "Site account enabled", sentence: () => "Enabled a site account" },
  "user.deleted": { label: "Site account deleted", sentence: () => "Deleted a site account" },
  "export.dump": { label: "Database dump taken", sentence: () => "Downloaded a full database dump" },
};

/** Moves of an application between stages, and changes of an enquiry's status, are named by the stage or status. */
function byFamily(action: string): Described | undefined {
  const [family, rest] = [action.slice(0, action.indexOf(".")), action.slice(action.indexOf(".") + 1)];
  if (family === "application" && rest) {
    return {
      label: `Application moved to ${words(rest)}`,
      sentence: ({ detail }) => `Moved ${text(detail.name) ? `the application of ${text(detail.name)}` : "an application"} to ${capitalised(words(rest))}`,
    };
  }
  if (family === "enquiry" && rest) return { label: `Enquiry marked ${words(rest)}`, sentence: () => `Marked an enquiry as ${words(rest)}` };
  if (family === "export" && rest) {
    return {
      label: `Data exported as ${rest.toUpperCase()}`,
      sentence: ({ detail }) =>
        `Exported data as ${rest.toUpperCase()}${count(detail.rows) === undefined ? "" : ` (${plural(count(detail.rows)!, "row")}${text(detail.range) ? `, ${text(detail.range)}` : ""})`}`,
    };
  }
  return undefined;
}

/** A code nobody described yet, said from the code itself: "subscriber.imported" → "Subscriber imported". */
const fromCode = (action: string): Described => ({ label: capitalised(words(action.replace(/\./g, " "))) });

const described = (action: string) => ACTIONS[action] ?? byFamily(action) ?? fromCode(action);

/** The short name of an action, for the log's filter. */
export const auditActionLabel = (action: string) => described(action).label;

/** What happened, as one sentence without its subject (the row's "who" is the subject): "Invited asha@… as Editor". */
export function describeAuditEntry(facts: AuditFacts): string {
  const { label, sentence } = described(facts.action);
  return sentence ? sentence(facts) : label;
}
