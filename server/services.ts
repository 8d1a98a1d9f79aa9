import path from "node:path";
import type { Config } from "./config";
import { createContentEvents } from "./content-events";
import type { Database } from "./db/client";
import { createAccountsAdminService } from "./modules/accounts/admin-service";
import { createAccountsService } from "./modules/accounts/service";
import { createAdminService } from "./modules/admin/service";
import { createAnalyticsService } from "./modules/analytics/service";
import { createAuditService } from "./modules/audit/service";
import { createBlogService } from "./modules/blog/service";
import { createCareersAdminService } from "./modules/careers/admin-service";
import { createCareersService } from "./modules/careers/service";
import { createDashboardService } from "./modules/dashboard/service";
import { createEnquiriesAdminService } from "./modules/enquiries/admin-service";
import { createEnquiriesService } from "./modules/enquiries/service";
import { createMediaService } from "./modules/media/service";

export interface ServiceDeps {
  db: Database;
  config: Config;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
}

/** The service functions of every area, shared by the /api routes and the page loaders. */
export function createServices(deps: ServiceDeps) {
  const media = createMediaService({ db: deps.db });
  const contentEvents = createContentEvents(deps.db);
  const accounts = createAccountsService(deps);
  return {
    contentEvents,
    analytics: createAnalyticsService({ db: deps.db, secretKey: deps.config.secretKey, now: deps.now }),
    accounts,
    accountsAdmin: createAccountsAdminService({ db: deps.db, now: deps.now, accounts }),
    admin: createAdminService(deps),
    media,
    blog: createBlogService({ db: deps.db, now: deps.now }),
    careers: createCareersService({ db: deps.db, publicUrl: deps.config.publicUrl, now: deps.now }),
    dashboard: createDashboardService({ db: deps.db, now: deps.now, exportDir: path.join(deps.config.dataDir, "exports") }),
    enquiries: createEnquiriesService({ db: deps.db, secretKey: deps.config.secretKey, publicUrl: deps.config.publicUrl, now: deps.now }),
    enquiriesAdmin: createEnquiriesAdminService({ db: deps.db, now: deps.now }),
    careersAdmin: createCareersAdminService({ db: deps.db, now: deps.now, contentEvents }),
    audit: createAuditService({ db: deps.db }),
  };
}

export type Services = ReturnType<typeof createServices>;
