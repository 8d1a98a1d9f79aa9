/** What a benchmarked server runs with: production mode, no rate limits, quiet logs, on this port and data directory. */
export function benchServerEnv(options: { port: number; dataDir: string; buildDir: string; databaseUrl?: string }): Record<string, string> {
  return {
    NODE_ENV: "production",
    SECRET_KEY: "bench-secret-key-0123456789-abcdefghijklmnop",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    BUILD_DIR: options.buildDir,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    RATE_LIMITS: "off",
    LOG_LEVEL: "error",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}
