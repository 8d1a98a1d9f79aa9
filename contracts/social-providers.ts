/** Sign-in with other providers: the values the pages need, free of the validation library (decision 020). */

export const SOCIAL_PROVIDERS = ["google", "github", "linkedin"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Why a provider sign-in ended without a session; the sign-in page says each in words (app/content/account.ts). */
export const SOCIAL_SIGN_IN_PROBLEMS = ["unavailable", "denied", "failed", "unverified_email", "account_not_verified", "account_disabled"] as const;
export type SocialSignInProblem = (typeof SOCIAL_SIGN_IN_PROBLEMS)[number];

/** Where a provider's button leads: the server answers with the provider's sign-in page, or says why not. */
export const socialStartPath = (provider: SocialProvider) => `/api/auth/${provider}/start`;

/** The page a provider sign-in comes back to, with a problem when it ended without a session. */
export const SOCIAL_SIGN_IN_PAGE = "/social-sign-in";
