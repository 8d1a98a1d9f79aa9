import { z } from "./zod";
import { optionalFilter, PageQuerySchema } from "./admin-business";

/** What the users screen filters site accounts by: a disabled account is only "disabled", whether verified or not. */
export const ACCOUNT_STATES = ["verified", "unverified", "disabled"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const AccountListQuerySchema = PageQuerySchema.extend({
  /** Part of an e-mail address, matched anywhere in it, case-insensitively. */
  q: optionalFilter(z.string().trim().max(254, "At most 254 characters")),
  state: optionalFilter(z.enum(ACCOUNT_STATES)),
});
export type AccountListQuery = z.infer<typeof AccountListQuerySchema>;

export const AccountIdParams = z.object({ id: z.uuid("Not a valid account id") });

/** A site account as staff see it: never its password hash or tokens. */
export interface AdminAccount {
  id: string;
  email: string;
  full_name: string;
  verified: boolean;
  created_at: string;
  last_login: string | null;
  disabled_at: string | null;
}

export const AdminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  verified: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  disabled_at: z.string().nullable(),
});

/** What one action on an account did, in words the screen shows. */
export const AccountActionResultSchema = z.object({ message: z.string(), account: AdminAccountSchema.nullable() });
export type AccountActionResult = z.infer<typeof AccountActionResultSchema>;

/** The actions of the users screen; each is a POST, so the screen's forms work without JavaScript too. */
export const ACCOUNT_ACTIONS = ["resend-verification", "disable", "enable", "delete"] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const AccountActionParams = AccountIdParams.extend({ action: z.enum(ACCOUNT_ACTIONS) });

/** What each action says once done: the API answers it, and the screen's script shows the same words. */
export const accountActionDone: Record<AccountAction, (email: string) => string> = {
  "resend-verification": (email) => `A new verification mail is on its way to ${email}.`,
  disable: (email) => `${email} is disabled and signed out everywhere.`,
  enable: (email) => `${email} can sign in again.`,
  delete: (email) => `${email} and its personal data are deleted.`,
};
