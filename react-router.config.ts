import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Nothing is prerendered: every page shows the contact facts staff publish (the root's loader), so each is
  // rendered on the server and its copy kept in the page cache until the words it shows change (decision 070).
} satisfies Config;
