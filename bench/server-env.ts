/** What the bench's own services and servers run with: production mode, no rate limits, quiet logs, on this data directory. */
export function benchConfigEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    SECRET_KEY: "bench-secret-key-0123456789-abcdefghijklmnop",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1",
    RATE_LIMITS: "off",
    LOG_LEVEL: "error",
  };
}

/** What a benchmarked server runs with: the bench's settings, on this port, build and database. */
export function benchServerEnv(options: { port: number; dataDir: string; buildDir: string; databaseUrl?: string }): Record<string, string> {
  return {
    ...benchConfigEnv(options.dataDir),
    PORT: String(options.port),
    HOST: "127.0.0.1",
    BUILD_DIR: options.buildDir,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}
