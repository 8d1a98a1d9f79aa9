import type { Page } from "playwright-core";
import type { AdminRole } from "#contracts/admin-roles.ts";
import type { TestContext } from "./app";

let browsers = 0;

/**
 * A browser for API tests of the admin area: keeps the cookies the server sets and echoes the CSRF
 * token, as the admin pages do. Each comes from its own address, so per-IP limits do not tie tests together.
 */
export function adminBrowser(t: TestContext, ip = `198.51.100.${(++browsers % 250) + 1}`) {
  const jar: Record<string, string> = {};
  const remember = (response: { cookies: { name: string; value: string }[] }) => {
    for (const cookie of response.cookies) jar[cookie.name] = cookie.value;
  };
  return {
    jar,
    async request(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object | string | FormData) {
      if (!jar.csrftoken) remember(await t.app.inject({ method: "GET", url: "/api/csrf/" }));
      const form = typeof payload === "string";
      const response = await t.app.inject({
        method,
        url,
        remoteAddress: ip,
        cookies: jar,
        headers: {
          "x-csrftoken": jar.csrftoken!,
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        ...(payload ? { payload: payload as never } : {}),
      });
      remember(response);
      return response;
    },
    login(username: string, password: string) {
      return this.request("POST", "/api/admin-login/", new URLSearchParams({ username, password }).toString());
    },
  };
}

let admins = 0;

/** A new admin of the given role (an owner, who may do everything, unless told) signed in from an approved device. */
export async function signedInAdmin(t: TestContext, role: AdminRole = "owner") {
  const username = `editor${++admins}`;
  const password = "a-long-test-passphrase";
  await t.app.services.admin.createAdmin({ username, email: `${username}@himaltech.test`, password, role });
  const browser = adminBrowser(t);
  await browser.login(username, password);
  const [device] = (await t.app.services.admin.listDevices()).filter((d) => d.username === username);
  await t.app.services.admin.decide(device!.id, "approve");
  const response = await browser.login(username, password);
  if (response.json().success !== true) throw new Error(`admin sign-in failed: ${response.body}`);
  return Object.assign(browser, { username });
}

/**
 * Signs a browser page in through the admin login: the first attempt registers the browser, which
 * is approved here as another admin would, then the second signs in and lands on the dashboard.
 */
export async function signInThroughLoginPage(site: { app: TestContext["app"] }, page: Page, username: string, password: string) {
  await page.goto("/admin-login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
  for (const device of await site.app.services.admin.listDevices()) {
    if (device.username === username && device.status === "pending") await site.app.services.admin.decide(device.id, "approve");
  }
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard/");
}
