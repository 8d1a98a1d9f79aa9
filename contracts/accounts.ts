import { z } from "./zod";
import { SOCIAL_PROVIDERS, type SocialProvider } from "./social-providers";

/**
 * The account calls: what the browser sends and what it reads back. Password rules (8–128 characters,
 * not a common password) are checked by the server with a clear detail, not by the form.
 */
export const AccountEmailSchema = z
  .string({ message: "Enter your email address." })
  .trim()
  .toLowerCase()
  .max(254, "An email address has at most 254 characters.")
  .pipe(z.email({ message: "Enter a valid email address." }));

/** Bounded so that nobody can make the server hash megabytes; the real rules are the password policy. */
const PasswordInput = z.string({ message: "Enter a password." }).min(1, "Enter a password.").max(1024, "The password is too long.");

export const RegisterSchema = z.object({
  email: AccountEmailSchema,
  password: PasswordInput,
  full_name: z.string().trim().max(150, "The name has at most 150 characters.").optional(),
});
export type RegisterPayload = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({ email: AccountEmailSchema, password: PasswordInput });
export type LoginPayload = z.input<typeof LoginSchema>;

export const EmailRequestSchema = z.object({ email: AccountEmailSchema });

export const RefreshSchema = z.object({ refresh: z.string({ message: "The refresh token is missing." }).min(1).max(2048) });

export const ResetConfirmSchema = z.object({ password: PasswordInput });

export const ChangePasswordSchema = z.object({ current_password: PasswordInput, new_password: PasswordInput });
export type ChangePasswordPayload = z.input<typeof ChangePasswordSchema>;

/** uid is the base64url of the user's id; the token is the signed, expiring part of a mailed link. */
export const LinkParamsSchema = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(128),
});

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageSchema>;

export const ChangePasswordResponseSchema = TokenPairSchema.extend({ message: z.string() });

export const AccountSchema = z.object({
  email: z.string(),
  full_name: z.string(),
  is_verified: z.boolean(),
  /** ISO 8601. */
  date_joined: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Error bodies of the account calls. */
export interface AccountErrorBody {
  detail?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** Where a candidate's application stands, as they see it: staff's pipeline stages are theirs alone. */
export const CANDIDATE_STAGES = ["received", "in_review", "closed"] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];

/** What the signed-in account page shows of the person's other dealings with us, found by their address. */
export interface AccountActivity {
  applications: { position: string; sent_at: string; stage: CandidateStage }[];
  meetings: { topic: string; starts_at: string; status: "booked" | "cancelled"; manage_url: string }[];
  newsletter: { subscribed: boolean };
}

export const NewsletterChoiceSchema = z.object({ subscribed: z.boolean({ message: "Say whether to subscribe." }) });

export const SocialProviderParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** Which providers are configured: a button for one that is not says so at once instead of leaving the page. */
export const SocialProvidersSchema = z.object({ google: z.boolean(), github: z.boolean(), linkedin: z.boolean() }) satisfies z.ZodType<
  Record<SocialProvider, boolean>
>;
export type SocialProviders = z.infer<typeof SocialProvidersSchema>;

/** What a provider sends back to the callback: a code and the state, or an error (RFC 6749 §4.1.2); other parameters (iss, scope) pass. */
export const SocialCallbackQuerySchema = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
