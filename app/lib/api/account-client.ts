import type {
  Account,
  AccountActivity,
  AccountErrorBody,
  ChangePasswordPayload,
  MessageResponse,
  RegisterPayload,
  SocialProviders,
  TokenPair,
} from "#contracts/accounts.ts";
import type { AccountConversation } from "#contracts/enquiries.ts";
import { ACCESS_KEY, announceAccountSession, REFRESH_KEY } from "../account-session";
import { API_BASE } from "./client";

/**
 * The one module for the account calls. Errors carry the server's `detail`; when the server gives no
 * body the call's own fallback stands in, as the spec lists them. Tokens live in localStorage under
 * `accessToken` and `refreshToken`.
 */

export class AccountError extends Error {
  override name = "AccountError";
  constructor(
    /** The server's detail, the call's fallback when there was no body, or undefined when a body had none. */
    readonly detail: string | undefined,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }
}

export const tokens = {
  access: () => localStorage.getItem(ACCESS_KEY),
  refresh: () => localStorage.getItem(REFRESH_KEY),
  store(pair: Partial<TokenPair>) {
    if (pair.access) localStorage.setItem(ACCESS_KEY, pair.access);
    if (pair.refresh) localStorage.setItem(REFRESH_KEY, pair.refresh);
    announceAccountSession();
  },
  clear() {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
    announceAccountSession();
  },
};

interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  bearer?: string | null;
}

async function send(path: string, { method = "POST", body, bearer }: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function read<T>(response: Response, fallback: string): Promise<T> {
  if (response.status === 204) return {} as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return accountAnswer<T>(response.status, data ?? (response.ok ? undefined : text), fallback);
}

/** An answer of the account API, read as every account call reads it: the body, or an AccountError with its detail. */
export function accountAnswer<T>(status: number, data: unknown, fallback: string): T {
  if (status >= 200 && status < 300) return (data ?? {}) as T;
  const body = typeof data === "object" && data !== null ? (data as AccountErrorBody) : undefined;
  throw new AccountError(body ? (typeof body.detail === "string" ? body.detail : undefined) : fallback, status, data);
}

async function call<T>(path: string, fallback: string, options: CallOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
  } catch {
    throw new AccountError(fallback, 0, undefined);
  }
  return read<T>(response, fallback);
}

let refreshing: Promise<boolean> | undefined;

/**
 * Exchanges the refresh token for new tokens. Requests that fail together share one exchange, and tabs
 * take turns (a lock), since presenting an already-rotated refresh token ends the whole session.
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const attempt = async () => {
      const refresh = tokens.refresh();
      if (!refresh) return false;
      try {
        const pair = await call<TokenPair>("token/refresh/", "Session expired", { body: { refresh } });
        tokens.store(pair);
        return true;
      } catch {
        // Another tab may have rotated the token meanwhile: its new token is in storage.
        return tokens.refresh() !== refresh && Boolean(tokens.refresh());
      }
    };
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    return locks ? locks.request("himaltech-token-refresh", attempt) : attempt();
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Ends the local session and goes to the login page, as the spec says a failed refresh does. Calls
 * that failed together leave once: the first ends the session, and a second navigation would cut
 * the first short.
 */
function sendToLogin() {
  if (!tokens.refresh()) return;
  localStorage.clear();
  window.location.assign("/login");
}

/**
 * A call with the Bearer access token. On a 401, with a refresh token and no retry yet, it refreshes,
 * stores the new tokens and retries once; if the refresh fails it clears storage and goes to /login.
 */
export async function authRequest<T>(path: string, fallback: string, options: Omit<CallOptions, "bearer"> = {}): Promise<T> {
  return read<T>(await authSend(path, fallback, options), fallback);
}

async function authSend(path: string, fallback: string, options: Omit<CallOptions, "bearer">): Promise<Response> {
  const attempt = () => send(path, { ...options, bearer: tokens.access() }).catch(() => Promise.reject(new AccountError(fallback, 0, undefined)));
  const first = await attempt();
  if (first.status !== 401 || !tokens.refresh()) return first;
  if (!(await refreshSession())) {
    sendToLogin();
    throw new AccountError("Your session has ended. Please log in again.", 401, undefined);
  }
  return attempt();
}

export const register = (payload: RegisterPayload) => call<MessageResponse>("accounts/register/", "Registration failed", { body: payload });

export const resendActivation = (email: string) =>
  call<MessageResponse>("accounts/resend-activation/", "Failed to resend activation email", { body: { email } });

export async function login(email: string, password: string): Promise<TokenPair> {
  const pair = await call<TokenPair>("accounts/login/", "Login failed", { body: { email, password } });
  tokens.store(pair);
  return pair;
}

/** Which sign-in providers are configured, so that a button of one that is not can say so where it is. */
export const fetchSocialProviders = () => call<SocialProviders>("auth/providers/", "Could not reach the server", { method: "GET" });

/** Exchanges the single-use code a provider sign-in left in this browser's cookie for the account's tokens, and keeps them. */
export async function finishSocialSignIn(): Promise<TokenPair> {
  const pair = await call<TokenPair>("auth/exchange/", "Sign-in failed");
  tokens.store(pair);
  return pair;
}

export const requestPasswordReset = (email: string) => call<MessageResponse>("accounts/password-reset/", "Password reset failed", { body: { email } });

export const confirmPasswordReset = (uid: string, token: string, password: string) =>
  call<MessageResponse>(`accounts/password-reset-confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, "Reset failed", { body: { password } });

export const activate = (uid: string, token: string) =>
  call<MessageResponse>(`accounts/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, "Verification failed", { method: "GET" });

export const fetchAccount = () => authRequest<Account>("accounts/me/", "Could not load your account", { method: "GET" });

/** The enquiries sent from the signed-in account's address, newest activity first. */
export const fetchAccountConversations = async () =>
  (await authRequest<{ results: AccountConversation[] }>("accounts/conversations/", "Could not load your conversations", { method: "GET" })).results;

export async function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  const result = await authRequest<MessageResponse & TokenPair>("accounts/change-password/", "Could not change the password", { body: payload });
  tokens.store(result);
  return result;
}

/** Applications, meetings and the newsletter, as the account page shows them. */
export const fetchAccountActivity = () => authRequest<AccountActivity>("accounts/activity/", "Could not load your activity", { method: "GET" });

export const setNewsletter = (subscribed: boolean) =>
  authRequest<{ subscribed: boolean }>("accounts/newsletter/", "Could not change your subscription", { body: { subscribed } });

/** The zip of everything held for the account's address, with the name the server gave it. */
export async function downloadAccountData(): Promise<{ blob: Blob; fileName: string }> {
  const fallback = "Could not prepare your data";
  const response = await authSend("accounts/data/", fallback, { method: "GET" });
  if (!response.ok) return read<never>(response, fallback);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "my-data.zip";
  return { blob: await response.blob(), fileName };
}

/** Deletes the account and everything held for its address; the tokens here are forgotten. */
export async function deleteAccount(password: string): Promise<MessageResponse> {
  const result = await authRequest<MessageResponse>("accounts/delete/", "Could not delete the account", { body: { password } });
  tokens.clear();
  return result;
}

/** Ends the session on the server (its refresh tokens stop working) and forgets the tokens here. */
export async function logout(): Promise<void> {
  try {
    if (tokens.access()) await authRequest("accounts/logout/", "Logout failed");
  } finally {
    tokens.clear();
  }
}
