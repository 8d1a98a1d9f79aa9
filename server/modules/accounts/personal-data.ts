import { eq } from "drizzle-orm";
import { sameEmail, type PersonalDataHandler } from "../privacy/handler";
import { accountMailCounts, refreshTokenFamilies, socialIdentities, socialSignInCodes, users } from "./schema";

/**
 * The account: profile, sign-in sessions and the providers it signs in with. The password's hash is
 * neither handed over nor kept, nor is a pending provider sign-in's code (a hash that lives two minutes).
 */
export const accountsPersonalData: PersonalDataHandler = {
  area: "account",
  tables: [users, refreshTokenFamilies, accountMailCounts, socialIdentities, socialSignInCodes],

  async identify(executor, email) {
    const rows = await executor.select({ id: users.id }).from(users).where(sameEmail(users.email, email));
    return { users: rows.map((row) => row.id) };
  },

  async export(executor, subject) {
    const [user] = await executor.select().from(users).where(sameEmail(users.email, subject.email));
    if (!user) return undefined;
    const sessions = await executor.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, user.id));
    const providers = await executor.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id));
    return {
      records: {
        email: user.email,
        full_name: user.fullName,
        verified: user.isActive,
        joined_at: user.dateJoined.toISOString(),
        last_login_at: user.lastLogin?.toISOString() ?? null,
        disabled_at: user.disabledAt?.toISOString() ?? null,
        sessions: sessions.map((session) => ({
          started_at: session.createdAt.toISOString(),
          last_used_at: session.rotatedAt.toISOString(),
          ended_at: session.revokedAt?.toISOString() ?? null,
        })),
        sign_in_providers: providers.map((link) => ({
          provider: link.provider,
          provider_account_id: link.subject,
          linked_at: link.linkedAt.toISOString(),
          last_used_at: link.lastUsedAt.toISOString(),
        })),
      },
    };
  },

  async erase(executor, subject) {
    // Sessions, provider links and pending provider sign-ins go with the account (on delete cascade).
    const gone = await executor.delete(users).where(sameEmail(users.email, subject.email)).returning({ id: users.id });
    const counts = await executor
      .delete(accountMailCounts)
      .where(sameEmail(accountMailCounts.email, subject.email))
      .returning({ kind: accountMailCounts.kind });
    return gone.length + counts.length;
  },
};
