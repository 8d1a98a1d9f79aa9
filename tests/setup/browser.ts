import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumPath, chromiumArgs } from "../helpers/chromium";

declare module "vitest" {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

/** One Chromium for the whole run; each test file opens its own isolated contexts in it. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  project.provide("browserEndpoint", server.wsEndpoint());
  return () => server.close();
}
