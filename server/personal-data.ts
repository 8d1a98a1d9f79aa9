import { accountsPersonalData } from "./modules/accounts/personal-data";
import { assistantPersonalData } from "./modules/assistant/personal-data";
import { auditPersonalData } from "./modules/audit/personal-data";
import { campaignsPersonalData } from "./modules/campaigns/personal-data";
import { careersPersonalData } from "./modules/careers/personal-data";
import { enquiriesPersonalData } from "./modules/enquiries/personal-data";
import { meetingsPersonalData } from "./modules/meetings/personal-data";
import type { PersonalDataHandler } from "./modules/privacy/handler";
import { privacyPersonalData } from "./modules/privacy/personal-data";
import { mailPersonalData } from "./mail/personal-data";

/**
 * Every area that keeps data about people outside the staff, in one place: a data request's archive
 * is what these hand over, and an erasure is what they erase (server/modules/privacy). A table added
 * later must be claimed here or listed below; the privacy tests fail otherwise.
 */
export const personalDataHandlers: readonly PersonalDataHandler[] = [
  accountsPersonalData,
  enquiriesPersonalData,
  assistantPersonalData,
  careersPersonalData,
  meetingsPersonalData,
  campaignsPersonalData,
  mailPersonalData,
  privacyPersonalData,
  auditPersonalData,
];

/** The tables that hold nothing about a visitor, a candidate or a subscriber, and why. */
export const tablesWithoutVisitorData: Readonly<Record<string, string>> = {
  admins: "staff accounts, handled on the Team screen",
  admin_recovery_codes: "staff accounts",
  admin_invites: "staff invitations",
  admin_password_resets: "staff accounts",
  admin_login_challenges: "staff sign-in",
  admin_settings: "site settings",
  admin_devices: "staff devices",
  admin_sessions: "staff sessions",
  login_throttle: "a keyed hash of a sign-in name and an address, no e-mail, forgotten within the day",
  page_views: "a visitor hash whose salt changes every day, so no view can be tied to a person",
  site_events: "the same daily visitor hash as page views",
  page_view_days: "daily totals",
  page_view_day_referrers: "daily totals by referring site",
  posts: "published content",
  categories: "published content",
  post_categories: "published content",
  images: "staff's uploads for posts",
  image_variants: "staff's uploads for posts",
  image_variant_chunks: "staff's uploads for posts",
  career_jobs: "job openings",
  career_mail_templates: "staff's mail templates",
  inbox_digests: "the days staff's digest went out",
  meeting_settings: "staff's availability",
  campaigns: "newsletters as staff wrote them",
  search_documents: "the site's published pages",
  assistant_answers: "answers staff wrote for the FAQ, published on the site",
  content_documents: "the site's words as staff publish them",
  content_revisions: "the site's words as staff wrote them, revision by revision",
  search_passages: "the site's published pages",
  search_words: "the site's vocabulary",
  search_misses: "anonymous searches that found nothing, kept as counts",
  data_exports: "staff's exports: who exported what, when",
};
