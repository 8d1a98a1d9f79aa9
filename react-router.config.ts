import type { Config } from "@react-router/dev/config";
import { requestTimePaths } from "./app/lib/rendering";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route without request-time data is rendered to HTML once, at build, and served from memory.
  async prerender({ getStaticPaths }) {
    return getStaticPaths().filter((path) => !requestTimePaths.has(path));
  },
} satisfies Config;
