import type { Config } from "@react-router/dev/config";
import routes from "./app/routes";
import { requestTimePaths } from "./scripts/request-time-paths";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route without a server loader is rendered to HTML once, at build, and served from memory;
  // a route with one reads request-time data (the database, the session, the query) and is rendered per request.
  async prerender({ getStaticPaths }) {
    const renderedPerRequest = requestTimePaths(await routes, "app");
    return getStaticPaths().filter((path) => !renderedPerRequest.has(path));
  },
} satisfies Config;
