import { asc } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "./handler";
import { dataRequests } from "./schema";

/** The person's own data requests. Erased, a request keeps its dates and outcome, the record that it was answered, but not the address. */
export const privacyPersonalData: PersonalDataHandler = {
  area: "data_requests",
  tables: [dataRequests],

  async export(executor, subject) {
    const rows = await executor.select().from(dataRequests).where(sameEmail(dataRequests.email, subject.email)).orderBy(asc(dataRequests.id));
    if (rows.length === 0) return undefined;
    return {
      records: rows.map((request) => ({
        right: request.right,
        details: request.details,
        status: request.status,
        sent_at: request.createdAt.toISOString(),
        confirmed_at: request.confirmedAt?.toISOString() ?? null,
        answered_at: request.completedAt?.toISOString() ?? null,
      })),
    };
  },

  async erase(executor, subject) {
    const anonymised = await executor
      .update(dataRequests)
      .set({ email: "", details: "", confirmTokenHash: null, archiveTokenHash: null })
      .where(sameEmail(dataRequests.email, subject.email))
      .returning({ id: dataRequests.id });
    return anonymised.length;
  },
};
