import path from "node:path";
import type { Config } from "./config";
import { createContentEvents } from "./content-events";
import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseHandle } from "./db/client";
import { jobQueues } from "./db/job-queues";
import { openJobQueue, type JobQueue } from "./jobs/queue";
import { createMailOutbox, type MailOutbox } from "./mail/outbox";
import { createAccountsAdminService } from "./modules/accounts/admin-service";
import { createAccountsService } from "./modules/accounts/service";
import { createAdminPasswordResets } from "./modules/admin/password-reset";
import { createAdminService } from "./modules/admin/service";
import { createTeamService } from "./modules/admin/team";
import { createAnalyticsService } from "./modules/analytics/service";
import { auditIds, createAuditService } from "./modules/audit/service";
import { createBlogService } from "./modules/blog/service";
import { createCampaignsService } from "./modules/campaigns/service";
import { createCareersAdminService } from "./modules/careers/admin-service";
import { createCandidateMail } from "./modules/careers/candidate-mail";
import { createApplicationRetention } from "./modules/careers/retention";
import { createCareersService } from "./modules/careers/service";
import { createDashboardService } from "./modules/dashboard/service";
import { site } from "#app/content/site.ts";
import { createEnquiriesAdminService } from "./modules/enquiries/admin-service";
import { createConversationLinks } from "./modules/enquiries/conversation-links";
import { createConversationsService } from "./modules/enquiries/conversations";
import { createInboxDigest } from "./modules/enquiries/digest";
import { createEnquiriesService } from "./modules/enquiries/service";
import { createMediaService } from "./modules/media/service";
import { createSiteContentService } from "./modules/content/service";
import { createSearchService } from "./modules/search/service";
import { createAssistantAnswers } from "./modules/assistant/answers";
import { createAnswerWording } from "./modules/assistant/llm";
import { answerSource, jobSource, postSource } from "./modules/search/sources";
import { createAssistantService } from "./modules/assistant/service";
import { createMeetingsService } from "./modules/meetings/service";
import { createPrivacyService } from "./modules/privacy/service";
import { personalDataHandlers } from "./personal-data";

export interface ServiceDeps {
  db: Database;
  /** Where every area's mail goes out from. */
  outbox: MailOutbox;
  /** The job queue, for an area whose change causes background work of its own (a newsletter). */
  jobs: Pick<JobQueue, "add">;
  config: Config;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
}

/** The service functions of every area, shared by the /api routes and the page loaders. */
export function createServices(deps: ServiceDeps) {
  const media = createMediaService({ db: deps.db });
  const contentEvents = createContentEvents(deps.db);
  const admin = createAdminService(deps);
  const team = createTeamService({ ...deps, admin });
  const blog = createBlogService({ db: deps.db, now: deps.now });
  const links = createConversationLinks({ secretKey: deps.config.secretKey, publicUrl: deps.config.publicUrl, replyDomain: deps.config.inboundMailDomain });
  const enquiries = createEnquiriesService({
    db: deps.db,
    outbox: deps.outbox,
    secretKey: deps.config.secretKey,
    publicUrl: deps.config.publicUrl,
    links,
    now: deps.now,
    onUnsubscribed: (subscriptionId, at) => campaigns.noteUnsubscribe(subscriptionId, at),
  });
  const campaigns = createCampaignsService({
    db: deps.db,
    outbox: deps.outbox,
    jobs: deps.jobs,
    now: deps.now,
    secretKey: deps.config.secretKey,
    publicUrl: deps.config.publicUrl,
    audience: enquiries,
    postById: (id) => blog.getPost(id),
  });
  const conversations = createConversationsService({
    db: deps.db,
    outbox: deps.outbox,
    links,
    enquiries,
    publicUrl: deps.config.publicUrl,
    now: deps.now,
    staffAddress: async (adminId) => (adminId === null ? undefined : await team.activeAddressOf(adminId)) ?? site.contact.email,
  });
  const enquiriesAdmin = createEnquiriesAdminService({
    db: deps.db,
    now: deps.now,
    links,
    conversations,
    mayOwn: async (adminId) => (await team.membersFor("enquiries")).some((member) => member.id === adminId),
  });
  const applicationRetention = createApplicationRetention({
    db: deps.db,
    now: deps.now,
    months: deps.config.applicationRetentionMonths,
    secretKey: deps.config.secretKey,
    publicUrl: deps.config.publicUrl,
  });
  const careers = createCareersService({
    db: deps.db,
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
    now: deps.now,
    withdrawalUrlOf: applicationRetention.withdrawalUrlOf,
  });
  const assistantAnswers = createAssistantAnswers({ db: deps.db, now: deps.now, contentEvents });
  const siteContent = createSiteContentService({ db: deps.db, now: deps.now, contentEvents, media });
  const search = createSearchService({
    db: deps.db,
    now: deps.now,
    sources: [postSource(blog), jobSource(careers), answerSource(assistantAnswers)],
    siteContent: siteContent.all,
  });
  const candidateMail = createCandidateMail({ db: deps.db, outbox: deps.outbox, now: deps.now, publicUrl: deps.config.publicUrl });
  const careersAdmin = createCareersAdminService({ db: deps.db, now: deps.now, contentEvents, candidateMail });
  const accounts = createAccountsService(deps);
  const accountsAdmin = createAccountsAdminService({ db: deps.db, now: deps.now, accounts });
  const meetings = createMeetingsService({
    db: deps.db,
    outbox: deps.outbox,
    secretKey: deps.config.secretKey,
    publicUrl: deps.config.publicUrl,
    now: deps.now,
  });
  return {
    /** The clock the services read, so a page that shows time left counts from the same moment. */
    now: deps.now,
    contentEvents,
    analytics: createAnalyticsService({ db: deps.db, secretKey: deps.config.secretKey, now: deps.now }),
    accounts,
    accountsAdmin,
    admin,
    team,
    adminPasswordResets: createAdminPasswordResets(deps),
    media,
    siteContent,
    blog,
    careers,
    search,
    assistant: createAssistantService({
      db: deps.db,
      now: deps.now,
      search,
      enquiries,
      openJobs: () => careers.listOpenJobs(),
      word: deps.config.assistantLlm ? createAnswerWording(deps.config.assistantLlm) : undefined,
    }),
    assistantAnswers,
    dashboard: createDashboardService({
      db: deps.db,
      now: deps.now,
      exportDir: path.join(deps.config.dataDir, "exports"),
      enquiries: enquiriesAdmin,
      campaigns,
    }),
    enquiries,
    campaigns,
    conversations,
    enquiriesAdmin,
    inboxDigest: createInboxDigest({
      db: deps.db,
      outbox: deps.outbox,
      team,
      publicUrl: deps.config.publicUrl,
      hour: deps.config.inboxDigestHour,
      now: deps.now,
    }),
    careersAdmin,
    candidateMail,
    applicationRetention,
    meetings,
    privacy: createPrivacyService({
      db: deps.db,
      outbox: deps.outbox,
      now: deps.now,
      publicUrl: deps.config.publicUrl,
      handlers: personalDataHandlers,
      staffAddress: site.contact.email,
    }),
    // Each area names its own records in the log, through its service (the log never reads their tables).
    audit: createAuditService({
      db: deps.db,
      namers: {
        enquiry: (ids) => enquiriesAdmin.auditNames("enquiry", ids),
        subscriber: (ids) => enquiriesAdmin.auditNames("subscriber", ids),
        job: (ids) => careersAdmin.auditNames("job", ids),
        application: (ids) => careersAdmin.auditNames("application", ids),
        post: (ids) => blog.auditNames("post", ids),
        category: (ids) => blog.auditNames("category", ids),
        admin: (ids) => team.auditNames("admin", ids),
        invite: (ids) => team.auditNames("invite", ids),
        device: (ids) => team.auditNames("device", ids),
        user: (ids) => accountsAdmin.auditNames(ids),
        meeting: (ids) => meetings.auditNames(auditIds(ids)),
        campaign: (ids) => campaigns.auditNames(ids),
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The services of a process that answers no visitor (the admin CLI, the preparation of a new database):
 * the mail they queue is sent by the site's own worker. `close` lets the job queue go.
 */
export async function openServices(
  database: DatabaseHandle,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ services: Services; outbox: MailOutbox; close(): Promise<void> }> {
  const jobs = await openJobQueue(database.jobConnection, { queues: jobQueues, work: false, log });
  const outbox = createMailOutbox(jobs);
  return { services: createServices({ db: database.db, config, now: () => new Date(), outbox, jobs }), outbox, close: () => jobs.stop() };
}
