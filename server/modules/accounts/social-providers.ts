import * as oidc from "openid-client";
import { AccountEmailSchema } from "#contracts/accounts.ts";
import type { SocialProvider } from "#contracts/social-providers.ts";
import type { SocialProviderConfig } from "../../config";
import type { ProviderIdentity } from "./service";

/** What one browser's sign-in must present when it comes back; kept in its encrypted cookie (social-flow-cookie.ts). */
export interface SocialFlow {
  provider: SocialProvider;
  state: string;
  /** OpenID providers only: GitHub signs no ID token for it to be checked in. */
  nonce?: string;
  codeVerifier: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const GITHUB_HEADERS = { Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28", "User-Agent": "HimalTech" };

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub's account address counts only when it is the primary one and GitHub has verified it. */
export function githubAddress(emails: GitHubEmail[]): { email: string | undefined; emailVerified: boolean } {
  const primary = emails.find((entry) => entry.primary);
  return { email: primary?.email, emailVerified: primary?.verified === true };
}

/** A provider's address as an account's: trimmed and lower-cased, or none when it is no address at all. */
const normalisedEmail = (value: unknown) => {
  const parsed = AccountEmailSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The authorization-code flow with PKCE, state and (OpenID) nonce, through openid-client: Google and
 * LinkedIn by OpenID discovery, GitHub by its OAuth endpoints and its API for the address.
 */
export function createSocialProviders(options: { providers: Partial<Record<SocialProvider, SocialProviderConfig>>; publicUrl: string }) {
  const redirectUri = (provider: SocialProvider) => `${options.publicUrl}/api/auth/${provider}/callback`;
  const configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  const settingsOf = (provider: SocialProvider) => {
    const settings = options.providers[provider];
    if (!settings) throw new Error(`Sign-in with ${provider} is not configured`);
    return settings;
  };

  async function configure(settings: SocialProviderConfig): Promise<oidc.Configuration> {
    const server = new URL(settings.kind === "openid" ? settings.issuer : settings.oauthUrl);
    // http is accepted by the configuration for a provider on this machine only (a test's or a developer's).
    const insecure = server.protocol === "http:" && LOOPBACK.has(server.hostname);
    if (settings.kind === "openid") {
      return oidc.discovery(server, settings.clientId, settings.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined);
    }
    const configuration = new oidc.Configuration(
      {
        issuer: settings.oauthUrl,
        authorization_endpoint: `${settings.oauthUrl}/login/oauth/authorize`,
        token_endpoint: `${settings.oauthUrl}/login/oauth/access_token`,
      },
      settings.clientId,
      settings.clientSecret,
    );
    if (insecure) oidc.allowInsecureRequests(configuration);
    return configuration;
  }

  /** A provider's configuration, discovered once; a failed discovery is tried again by the next sign-in. */
  function configurationOf(provider: SocialProvider): Promise<oidc.Configuration> {
    let configuration = configurations.get(provider);
    if (!configuration) {
      configuration = configure(settingsOf(provider));
      configurations.set(provider, configuration);
      configuration.catch(() => configurations.delete(provider));
    }
    return configuration;
  }

  async function githubIdentity(settings: Extract<SocialProviderConfig, { kind: "github" }>, accessToken: string): Promise<ProviderIdentity> {
    const read = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${settings.apiUrl}${path}`, { headers: { ...GITHUB_HEADERS, Authorization: `Bearer ${accessToken}` } });
      if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    const [user, emails] = await Promise.all([read<{ id: number; login: string; name: string | null }>("/user"), read<GitHubEmail[]>("/user/emails")]);
    const address = githubAddress(emails);
    return {
      provider: "github",
      subject: String(user.id),
      email: normalisedEmail(address.email),
      emailVerified: address.emailVerified,
      name: user.name || user.login,
    };
  }

  return {
    isConfigured: (provider: SocialProvider) => options.providers[provider] !== undefined,

    /** The provider's sign-in page to send the browser to, and what the browser must bring back. */
    async begin(provider: SocialProvider): Promise<{ url: string; flow: SocialFlow }> {
      const configuration = await configurationOf(provider);
      const openid = settingsOf(provider).kind === "openid";
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const flow: SocialFlow = { provider, state: oidc.randomState(), codeVerifier, ...(openid ? { nonce: oidc.randomNonce() } : {}) };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider),
        scope: openid ? "openid email profile" : "read:user user:email",
        state: flow.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        ...(flow.nonce ? { nonce: flow.nonce } : {}),
      });
      return { url: url.href, flow };
    },

    /** Redeems the code the provider sent back (`query`, as received) for who signed in; throws when anything does not check out. */
    async finish(flow: SocialFlow, query: string): Promise<ProviderIdentity> {
      const configuration = await configurationOf(flow.provider);
      const settings = settingsOf(flow.provider);
      const callback = new URL(`${redirectUri(flow.provider)}?${query}`);
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        ...(flow.nonce ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
      });
      if (settings.kind === "github") return githubIdentity(settings, tokens.access_token);
      const idToken = tokens.claims()!;
      // Google and LinkedIn put the address in the ID token; a provider that does not has it in its userinfo.
      const claims = idToken.email === undefined ? { ...idToken, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)) } : idToken;
      const name = [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(" ")].find((value) => typeof value === "string" && value.trim());
      return {
        provider: flow.provider,
        subject: idToken.sub,
        email: normalisedEmail(claims.email),
        // Some providers send the flag as the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: typeof name === "string" ? name : "",
      };
    },
  };
}

export type SocialProviders = ReturnType<typeof createSocialProviders>;
