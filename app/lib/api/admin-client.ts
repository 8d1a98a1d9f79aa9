import { readCookie } from "./client";

export type AdminLoginResult = { kind: "registering" } | { kind: "success" } | { kind: "error"; message: string };

/** The admin login as the spec's admin client makes it: form-encoded, with cookies and the CSRF header. */
export async function adminLogin(username: string, password: string): Promise<AdminLoginResult> {
  try {
    const response = await fetch("/api/admin-login/", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": readCookie("csrftoken") ?? "" },
      body: new URLSearchParams({ username, password }),
    });
    const data = (await response.json()) as { registering?: boolean; error?: string };
    if (!response.ok) return { kind: "error", message: data.error || "Login failed" };
    return data.registering ? { kind: "registering" } : { kind: "success" };
  } catch {
    return { kind: "error", message: "An error occurred" };
  }
}
