import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "himal-config-"));

describe("loadConfig", () => {
  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(/DATABASE_URL: must be a URL starting with postgres:\/\//);
    expect(() => loadConfig({ SMTP_URL: "not a url", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it("reads the trusted proxies as a list and refuses anything but addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1", DATA_DIR: dataDir() }).trustedProxies).toEqual(["127.0.0.1", "10.0.0.0/8", "::1"]);
    expect(loadConfig({ DATA_DIR: dataDir() }).trustedProxies).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: "true", DATA_DIR: dataDir() })).toThrow(/TRUST_PROXY: must list addresses or CIDR ranges/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.com", DATA_DIR: dataDir() })).toThrow(/TRUST_PROXY/);
  });

  it("offers a sign-in provider once its client id and secret are both set, and reaches it over https or loopback only", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).socialProviders).toEqual({});
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", DATA_DIR: dataDir() }).socialProviders).toEqual({
      google: { kind: "openid", clientId: "id", clientSecret: "secret", issuer: "https://accounts.google.com" },
    });
    expect(
      loadConfig({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret", GITHUB_API_URL: "http://127.0.0.1:9000/", DATA_DIR: dataDir() }).socialProviders
        .github,
    ).toEqual({ kind: "github", clientId: "id", clientSecret: "secret", oauthUrl: "https://github.com", apiUrl: "http://127.0.0.1:9000" });
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: "id", DATA_DIR: dataDir() })).toThrow(/LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET: set both/);
    expect(() => loadConfig({ GOOGLE_ISSUER: "http://accounts.example.com", DATA_DIR: dataDir() })).toThrow(/GOOGLE_ISSUER: must be an https:\/\/ URL/);
    expect(() => loadConfig({ GITHUB_OAUTH_URL: "github", DATA_DIR: dataDir() })).toThrow(/GITHUB_OAUTH_URL: must be a URL/);
  });

  it("runs background work in the web process unless told to leave it to workers, which needs PostgreSQL", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).jobs).toBe("in-process");
    expect(loadConfig({ JOBS: "worker", DATABASE_URL: "postgres://db/site", DATA_DIR: dataDir() }).jobs).toBe("worker");
    expect(() => loadConfig({ JOBS: "worker", DATA_DIR: dataDir() })).toThrow(/JOBS: worker needs DATABASE_URL/);
    expect(() => loadConfig({ JOBS: "elsewhere", DATA_DIR: dataDir() })).toThrow(/JOBS/);
  });

  it("requires SECRET_KEY in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(/SECRET_KEY: is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: "production", SECRET_KEY: "x".repeat(40), DATA_DIR: dataDir() }).secretKey).toBe("x".repeat(40));
  });

  it("makes a development secret once and keeps it in DATA_DIR, readable by the owner only", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secretKey).toHaveLength(64);
    expect(second.secretKey).toBe(first.secretKey);
    expect(readFileSync(path.join(dir, "secret_key"), "utf8")).toBe(first.secretKey);
    expect(statSync(path.join(dir, "secret_key")).mode & 0o777).toBe(0o600);
  });

  it("replaces a development secret file left empty or cut short instead of signing with it", () => {
    for (const damaged of ["", "short\n"]) {
      const dir = dataDir();
      writeFileSync(path.join(dir, "secret_key"), damaged);
      const config = loadConfig({ DATA_DIR: dir });
      expect(config.secretKey).toHaveLength(64);
      expect(readFileSync(path.join(dir, "secret_key"), "utf8")).toBe(config.secretKey);
      expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
      expect(readdirSync(dir)).toEqual(["secret_key"]);
    }
  });

  it("treats empty variables as unset and defaults the public URL to the port", () => {
    const config = loadConfig({ PORT: "4000", DATABASE_URL: "", DATA_DIR: dataDir() });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:4000");
  });

  it("runs the inbound mail listener only when its port is set, and only for a domain", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), INBOUND_MAIL_DOMAIN: "reply.example.com" }).inboundSmtp).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), INBOUND_MAIL_DOMAIN: "Reply.Example.com", INBOUND_SMTP_PORT: "2525" })).toMatchObject({
      inboundMailDomain: "reply.example.com",
      inboundSmtp: { port: 2525, host: "0.0.0.0", tls: undefined },
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), INBOUND_MAIL_DOMAIN: "reply.example.com", INBOUND_SMTP_PORT: "0", INBOUND_SMTP_HOST: "127.0.0.1" }).inboundSmtp,
    ).toEqual({
      port: 0,
      host: "127.0.0.1",
      tls: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), INBOUND_SMTP_PORT: "2525" })).toThrow(/INBOUND_SMTP_PORT: needs INBOUND_MAIL_DOMAIN/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INBOUND_MAIL_DOMAIN: "reply.example.com", INBOUND_SMTP_PORT: "70000" })).toThrow(/INBOUND_SMTP_PORT/);
  });

  it("offers STARTTLS on the listener with both a key and a certificate, never with one alone", () => {
    const tls = { INBOUND_MAIL_DOMAIN: "reply.example.com", INBOUND_SMTP_PORT: "25" };
    expect(loadConfig({ DATA_DIR: dataDir(), ...tls, INBOUND_SMTP_TLS_KEY: "/k.pem", INBOUND_SMTP_TLS_CERT: "/c.pem" }).inboundSmtp?.tls).toEqual({
      keyFile: "/k.pem",
      certFile: "/c.pem",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...tls, INBOUND_SMTP_TLS_KEY: "/k.pem" })).toThrow(/set both/);
  });

  it("sends the inbox digest at 9 in the morning unless another hour is set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).inboxDigestHour).toBe(9);
    expect(loadConfig({ DATA_DIR: dataDir(), INBOX_DIGEST_HOUR: "0" }).inboxDigestHour).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INBOX_DIGEST_HOUR: "24" })).toThrow(/INBOX_DIGEST_HOUR/);
  });
});
