import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { SocialProvider } from "#contracts/social-providers.ts";
import { createWhole } from "./create-whole";

/** Treat `VAR=` the same as an unset variable, as shells and .env files often leave them empty. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const url = (protocols: string[]) =>
  z
    .url({ message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}` })
    .refine(
      (value) => protocols.some((protocol) => value.startsWith(`${protocol}://`)),
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );

/**
 * Where a sign-in provider is reached: https, or http on this machine only (a local provider in tests and
 * development); anything else would send codes and secrets in the clear.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const providerUrl = z.url({ message: "must be a URL" }).refine((value) => {
  if (!URL.canParse(value)) return true; // already refused as no URL at all
  const { protocol, hostname } = new URL(value);
  return protocol === "https:" || (protocol === "http:" && LOOPBACK_HOSTS.has(hostname));
}, "must be an https:// URL (http:// only for localhost or 127.0.0.1)");

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])).default("development"),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default("0.0.0.0"),
  DATA_DIR: optional(z.string()).default("./data"),
  DATABASE_URL: optional(url(["postgres", "postgresql"])),
  REDIS_URL: optional(url(["redis", "rediss"])),
  SMTP_URL: optional(url(["smtp", "smtps"])),
  MAIL_FROM: optional(z.string().min(3)).default("HimalTech <hello@himaltech.com.np>"),
  PUBLIC_URL: optional(url(["http", "https"])),
  SECRET_KEY: optional(z.string().min(32, "must be at least 32 characters")),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default("info"),
  BUILD_DIR: optional(z.string()).default("build"),
  /** For benchmarks only: lifts the per-IP limits so one load generator can saturate the server. */
  RATE_LIMITS: optional(z.enum(["on", "off"])).default("on"),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(300),
  PAGE_CACHE_LIFETIME_SECONDS: optional(z.coerce.number().int().min(1).max(86_400)).default(300),
  /** The domain of conversation reply addresses (reply+<token>@domain), whose mail reaches this site (docs/inbound-mail.md). */
  INBOUND_MAIL_DOMAIN: optional(z.string().regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, "must be a domain name such as reply.example.com")),
  /** The port of the SMTP listener that receives that mail; no listener unless set (0: any free port). */
  INBOUND_SMTP_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  INBOUND_SMTP_HOST: optional(z.string()).default("0.0.0.0"),
  /** PEM files: with both, the listener offers STARTTLS. */
  INBOUND_SMTP_TLS_KEY: optional(z.string()),
  INBOUND_SMTP_TLS_CERT: optional(z.string()),
  /** An OpenAI-compatible server (Ollama, llama.cpp, vLLM, a hosted one) that words the assistant's answers from the passages found. */
  ASSISTANT_LLM_URL: optional(url(["http", "https"])),
  ASSISTANT_LLM_MODEL: optional(z.string().min(1)).default("llama3.2"),
  ASSISTANT_LLM_KEY: optional(z.string().min(1)),
  /** Where background work runs: in the web process, or (beside PostgreSQL) in `npm run worker` processes of its own. */
  JOBS: optional(z.enum(["in-process", "worker"])).default("in-process"),
  /** The hour (Kathmandu time) the inbox digest goes to the admins who work the inbox. */
  INBOX_DIGEST_HOUR: optional(z.coerce.number().int().min(0).max(23)).default(9),
  /** Months an application is kept after its job closes (or, for a general one, after it arrives). */
  APPLICATION_RETENTION_MONTHS: optional(z.coerce.number().int().min(1).max(120)).default(12),
  /**
   * The reverse proxies in front (addresses or CIDR ranges, comma-separated): from them, and only them,
   * the client's address is read from X-Forwarded-For, so rate limits and logs see the visitor.
   */
  /** A scraper's bearer token for GET /metrics on the site's own port; without it (and METRICS_PORT) there is no /metrics. */
  METRICS_TOKEN: optional(z.string().min(32, "must be at least 32 characters")),
  /** Or a port of its own for /metrics, on loopback only and with no token. */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /** Sign-in with other providers: each is offered once its client id and secret are both set (decision 047). */
  GOOGLE_CLIENT_ID: optional(z.string().trim().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /** The OpenID issuer whose discovery document is read; another only to test against a local provider. */
  GOOGLE_ISSUER: optional(providerUrl).default("https://accounts.google.com"),
  LINKEDIN_CLIENT_ID: optional(z.string().trim().min(1)),
  LINKEDIN_CLIENT_SECRET: optional(z.string().trim().min(1)),
  LINKEDIN_ISSUER: optional(providerUrl).default("https://www.linkedin.com/oauth"),
  GITHUB_CLIENT_ID: optional(z.string().trim().min(1)),
  GITHUB_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /** GitHub has no OpenID discovery: its authorization server (/login/oauth/…) and its API, where the e-mail addresses are read. */
  GITHUB_OAUTH_URL: optional(providerUrl).default("https://github.com"),
  GITHUB_API_URL: optional(providerUrl).default("https://api.github.com"),
  TRUST_PROXY: optional(
    z
      .string()
      .transform((value) => value.split(",").map((entry) => entry.trim()))
      .refine(
        (entries) => entries.every((entry) => isIP(entry.split("/")[0]!) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry)),
        "must list addresses or CIDR ranges, such as 127.0.0.1 or 10.0.0.0/8, separated by commas",
      ),
  ),
});

/** One provider's client at the provider; `issuer` is discovered (OpenID), `oauthUrl` and `apiUrl` are GitHub's. */
export type SocialProviderConfig =
  | { kind: "openid"; clientId: string; clientSecret: string; issuer: string }
  | { kind: "github"; clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  secretKey: string;
  logLevel: string;
  buildDir: string;
  rateLimitsEnabled: boolean;
  /** Lifetime of an account access token: 5 minutes unless set (shorter in tests). */
  accessTokenTtlSeconds: number;
  /** The longest a kept page lives with no change announced: 5 minutes unless set (decision 028). */
  pageCacheLifetimeSeconds: number;
  /** Where visitors' mail replies go; unset, they answer on their conversation page only. */
  inboundMailDomain?: string;
  /** The SMTP listener for that mail, when it runs in this process (docs/inbound-mail.md). */
  inboundSmtp?: { port: number; host: string; tls?: { keyFile: string; certFile: string } };
  /** Whether this web process runs the background work (mail, newsletters, the digest, reminders, sweeps), or `npm run worker` does. */
  jobs: "in-process" | "worker";
  /** The Kathmandu hour the daily inbox digest is sent at (0–23). */
  inboxDigestHour: number;
  /** The model that words the assistant's answers; without it the answer is the passage's own words. */
  assistantLlm?: { url: string; model: string; key?: string };
  applicationRetentionMonths: number;
  /** Addresses or ranges of the reverse proxies whose X-Forwarded-For is believed; none by default. */
  trustedProxies: string[];
  /** How /metrics is reached: a bearer token on the site's port, a loopback port of its own, or neither (off). */
  metrics: { token?: string; port?: number };
  /** The sign-in providers whose client is configured; the others say they are not available. */
  socialProviders: Partial<Record<SocialProvider, SocialProviderConfig>>;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the environment once, at start-up; every problem is named by its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable${lines.length > 1 ? "s" : ""}:\n${lines.join("\n")}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  const isProduction = vars.NODE_ENV === "production";
  if (isProduction && !vars.SECRET_KEY) {
    throw new ConfigError("Invalid environment variable:\n  SECRET_KEY: is required when NODE_ENV=production (at least 32 characters)");
  }
  if (vars.INBOUND_SMTP_PORT !== undefined && !vars.INBOUND_MAIL_DOMAIN) {
    throw new ConfigError("Invalid environment variable:\n  INBOUND_SMTP_PORT: needs INBOUND_MAIL_DOMAIN, the domain whose mail the listener accepts");
  }
  if (vars.JOBS === "worker" && !vars.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment variable:\n  JOBS: worker needs DATABASE_URL; the embedded database is one process's, which runs the background work itself",
    );
  }
  if (Boolean(vars.INBOUND_SMTP_TLS_KEY) !== Boolean(vars.INBOUND_SMTP_TLS_CERT)) {
    throw new ConfigError("Invalid environment variable:\n  INBOUND_SMTP_TLS_KEY, INBOUND_SMTP_TLS_CERT: set both (the key and the certificate) or neither");
  }
  for (const name of ["GOOGLE", "LINKEDIN", "GITHUB"] as const) {
    if (Boolean(vars[`${name}_CLIENT_ID`]) !== Boolean(vars[`${name}_CLIENT_SECRET`])) {
      throw new ConfigError(
        `Invalid environment variable:\n  ${name}_CLIENT_ID, ${name}_CLIENT_SECRET: set both (from the provider's app registration) or neither`,
      );
    }
  }
  const client = (id: string | undefined, secret: string | undefined) => (id && secret ? { clientId: id, clientSecret: secret } : undefined);
  const google = client(vars.GOOGLE_CLIENT_ID, vars.GOOGLE_CLIENT_SECRET);
  const linkedin = client(vars.LINKEDIN_CLIENT_ID, vars.LINKEDIN_CLIENT_SECRET);
  const github = client(vars.GITHUB_CLIENT_ID, vars.GITHUB_CLIENT_SECRET);
  return {
    env: vars.NODE_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ""),
    secretKey: vars.SECRET_KEY ?? developmentSecret(dataDir),
    logLevel: vars.LOG_LEVEL,
    buildDir: path.resolve(vars.BUILD_DIR),
    rateLimitsEnabled: vars.RATE_LIMITS === "on",
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    pageCacheLifetimeSeconds: vars.PAGE_CACHE_LIFETIME_SECONDS,
    inboundMailDomain: vars.INBOUND_MAIL_DOMAIN?.toLowerCase(),
    inboundSmtp:
      vars.INBOUND_SMTP_PORT === undefined
        ? undefined
        : {
            port: vars.INBOUND_SMTP_PORT,
            host: vars.INBOUND_SMTP_HOST,
            tls:
              vars.INBOUND_SMTP_TLS_KEY && vars.INBOUND_SMTP_TLS_CERT
                ? { keyFile: vars.INBOUND_SMTP_TLS_KEY, certFile: vars.INBOUND_SMTP_TLS_CERT }
                : undefined,
          },
    jobs: vars.JOBS,
    inboxDigestHour: vars.INBOX_DIGEST_HOUR,
    assistantLlm: vars.ASSISTANT_LLM_URL ? { url: vars.ASSISTANT_LLM_URL, model: vars.ASSISTANT_LLM_MODEL, key: vars.ASSISTANT_LLM_KEY } : undefined,
    applicationRetentionMonths: vars.APPLICATION_RETENTION_MONTHS,
    trustedProxies: vars.TRUST_PROXY ?? [],
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT },
    socialProviders: {
      ...(google ? { google: { kind: "openid", ...google, issuer: vars.GOOGLE_ISSUER } } : {}),
      ...(linkedin ? { linkedin: { kind: "openid", ...linkedin, issuer: vars.LINKEDIN_ISSUER } } : {}),
      ...(github
        ? { github: { kind: "github", ...github, oauthUrl: vars.GITHUB_OAUTH_URL.replace(/\/+$/, ""), apiUrl: vars.GITHUB_API_URL.replace(/\/+$/, "") } }
        : {}),
    },
  };
}

const MIN_SECRET_LENGTH = 32;

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * Outside production a secret is made once and kept in DATA_DIR, so sessions and links survive restarts.
 * The file appears whole or not at all (written aside, then linked into place), so a process starting at
 * the same moment never reads it half-written; one left empty or cut short is replaced, never used.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret_key");
  const existing = readSecret(file);
  if (existing !== undefined && existing.length >= MIN_SECRET_LENGTH) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  if (existing !== undefined) {
    replaceWhole(file, secret);
    return secret;
  }
  if (createWhole(file, secret)) return secret;
  const theirs = readSecret(file); // another process made it first
  if (theirs === undefined || theirs.length < MIN_SECRET_LENGTH) throw new ConfigError(`Could not keep a secret in ${file}: set SECRET_KEY, or fix that file.`);
  return theirs;
}

/** Puts `content` in place of a damaged `file` in one step (written aside, then renamed over it). */
function replaceWhole(file: string, content: string) {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, content, { mode: 0o600 });
  renameSync(aside, file);
}
