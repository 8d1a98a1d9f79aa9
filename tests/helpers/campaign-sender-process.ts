// A campaign sender in a process of its own, as the site runs it, for a test to kill mid-send and start again.
// Configured by the site's own variables (DATA_DIR or DATABASE_URL, SMTP_URL); logs to stdout.
import pino from "pino";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { createMailTransport } from "../../server/mail/transport";
import { createCampaignSender } from "../../server/modules/campaigns/sender";
import { openServices } from "../../server/services";

const config = loadConfig();
const database = await openDatabase(config);
const log = pino({ level: "info" });
const { services } = await openServices(database, config, log);
const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log, pool: 2 });
createCampaignSender({
  db: database.db,
  service: services.campaigns,
  audience: services.enquiries,
  transport,
  from: config.mailFrom,
  messageIdDomain: "himaltech.test",
  log,
}).start();
