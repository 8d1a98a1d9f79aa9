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
});
