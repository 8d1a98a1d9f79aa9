import { getTableColumns, type Table } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { outbox } from "../../mail/schema";
import { users } from "../accounts/schema";
import { adminDevices, admins } from "../admin/schema";
import { pageViews, siteEvents } from "../analytics/schema";
import { assistantConversations, assistantTurns } from "../assistant/schema";
import { auditLog } from "../audit/schema";
import { categories, postCategories, posts } from "../blog/schema";
import { campaignClicks, campaignRecipients, campaigns } from "../campaigns/schema";
import { careerApplications, careerJobs, careerResumes } from "../careers/schema";
import { enquiries, enquiryMessages, newsletterSubscriptions } from "../enquiries/schema";
import { images } from "../media/schema";
import { meetingSettings, meetings } from "../meetings/schema";
import { dataExports } from "./schema";

interface Exportable<T extends Table> {
  table: T;
  /** Only these columns ever leave the database; a column added later stays private until it is listed here. */
  columns: readonly (keyof T["_"]["columns"] & string)[];
}

const exportable = <T extends Table>(table: T, columns: Exportable<T>["columns"]): Exportable<T> => ({ table, columns });

/**
 * What an export may contain, table by table. Password hashes, tokens and their hashes, device key
 * hashes, IP hashes, visitor hashes, mail bodies (they carry sign-in and reset links) and file bytes
 * are left out on purpose. Tables holding nothing but secrets or counters (sessions, refresh-token
 * families, login failures, mail counters, image bytes) are not exported at all.
 */
export const EXPORTABLE = {
  enquiries: exportable(enquiries, [
    "id",
    "type",
    "name",
    "email",
    "company",
    "message",
    "userType",
    "helpType",
    "budget",
    "timeline",
    "sourcePage",
    "subject",
    "userAgent",
    "status",
    "createdAt",
    "assigneeId",
    "firstResponseAt",
    "dueAt",
    "lastMessageAt",
  ]),
  enquiry_messages: exportable(enquiryMessages, ["id", "enquiryId", "kind", "channel", "authorId", "authorName", "body", "createdAt"]),
  newsletter_subscriptions: exportable(newsletterSubscriptions, [
    "id",
    "email",
    "status",
    "confirmSentAt",
    "confirmedAt",
    "unsubscribedAt",
    "bouncedAt",
    "userAgent",
    "createdAt",
  ]),
  campaigns: exportable(campaigns, [
    "id",
    "subject",
    "preheader",
    "body",
    "status",
    "ratePerMinute",
    "concurrency",
    "links",
    "scheduledAt",
    "startedAt",
    "finishedAt",
    "createdBy",
    "createdAt",
    "updatedAt",
  ]),
  campaign_recipients: exportable(campaignRecipients, [
    "campaignId",
    "subscriptionId",
    "email",
    "status",
    "attempts",
    "sentAt",
    "lastError",
    "openedAt",
    "clickedAt",
    "unsubscribedAt",
  ]),
  campaign_clicks: exportable(campaignClicks, ["campaignId", "subscriptionId", "link", "clicks", "firstAt"]),
  career_jobs: exportable(careerJobs, [
    "id",
    "title",
    "type",
    "department",
    "location",
    "remote",
    "applicantLocations",
    "salary",
    "description",
    "requirements",
    "responsibilities",
    "status",
    "postedAt",
    "closesAt",
    "updatedAt",
  ]),
  career_applications: exportable(careerApplications, ["id", "jobId", "jobTitle", "name", "email", "phone", "coverLetter", "resumeId", "status", "createdAt"]),
  career_resumes: exportable(careerResumes, ["id", "originalName", "contentType", "size", "createdAt"]),
  users: exportable(users, ["id", "email", "fullName", "isActive", "dateJoined", "lastLogin"]),
  posts: exportable(posts, ["id", "title", "excerpt", "content", "readTimeMinutes", "featured", "author", "imageId", "publishedAt", "updatedAt"]),
  categories: exportable(categories, ["id", "name"]),
  post_categories: exportable(postCategories, ["postId", "categoryId", "position"]),
  images: exportable(images, ["id", "width", "height", "variantWidths", "createdAt"]),
  page_views: exportable(pageViews, ["id", "path", "referrerHost", "device", "createdAt"]),
  site_events: exportable(siteEvents, ["id", "kind", "path", "label", "device", "createdAt"]),
  assistant_conversations: exportable(assistantConversations, ["id", "startedAt", "lastAt", "questions", "unanswered", "device", "enquiryId"]),
  assistant_turns: exportable(assistantTurns, ["conversationId", "position", "question", "answer", "sources", "answered", "askedAt"]),
  meetings: exportable(meetings, [
    "id",
    "name",
    "email",
    "topic",
    "startsAt",
    "endsAt",
    "timeZone",
    "status",
    "sequence",
    "roomUrl",
    "createdAt",
    "cancelledAt",
    "cancelReason",
    "cancelledBy",
    "reminderDueAt",
    "reminderSentAt",
  ]),
  meeting_settings: exportable(meetingSettings, ["id", "availability", "minNoticeHours", "horizonDays", "bufferMinutes", "blockedDates", "roomUrl"]),
  outbox: exportable(outbox, ["id", "to", "subject", "status", "attempts", "createdAt", "sentAt"]),
  admins: exportable(admins, ["id", "username", "email", "active", "createdAt", "lastLoginAt"]),
  admin_devices: exportable(adminDevices, ["id", "adminId", "status", "userAgent", "ip", "createdAt", "decidedAt", "lastSeenAt"]),
  audit_log: exportable(auditLog, ["id", "adminId", "adminUsername", "action", "target", "detail", "createdAt"]),
  data_exports: exportable(dataExports, ["id", "adminId", "adminUsername", "dataset", "format", "range", "rows", "createdAt"]),
};

export type ExportableTable = keyof typeof EXPORTABLE;

/** The select list of an exportable table, keyed by the database's column names. */
export function exportSelection(name: ExportableTable): Record<string, PgColumn> {
  const { table, columns } = EXPORTABLE[name] as { table: Table; columns: readonly string[] };
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(columns.map((key) => [all[key]!.name, all[key]!]));
}

/** The columns of a table's primary key, by which the dump reads it a page at a time. */
export function primaryKeyOf(name: ExportableTable): PgColumn[] {
  const config = getTableConfig(EXPORTABLE[name].table as PgTable);
  return config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
}
