import { parseCookie } from "cookie";

/**
 * The client the enquiry forms, careers and blog use, with the spec's error rules in one place:
 * JSON bodies (FormData for uploads), cookies and the CSRF header on every request, 204 read as an
 * empty object, and any non-OK answer raised as an ApiError carrying the body's `message`.
 */
export const API_BASE = "/api/";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return parseCookie(document.cookie)[name];
}

/**
 * The browser's CSRF token. Pages set no cookie (every visitor gets the same bytes), so a browser that
 * holds none yet asks the server for one.
 */
export async function csrfToken(): Promise<string> {
  return readCookie("csrftoken") ?? (await apiRequest<{ csrfToken: string }>("csrf/")).csrfToken;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** The call checks a CSRF token though no session may have issued one (a mailed approval link). */
  fetchCsrfToken?: boolean;
}

export async function apiRequest<T>(path: string, { method = "GET", body, signal, fetchCsrfToken = false }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = fetchCsrfToken ? await csrfToken() : readCookie("csrftoken");
  if (csrf) headers["X-CSRFToken"] = csrf;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  const response = await fetch(`${API_BASE}${path.replace(/^\//, "")}`, { method, headers, body: payload, credentials: "include", signal });
  if (response.status === 204) return {} as T;
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: kept as text, so an HTML error page can be recognised
  }
  if (!response.ok) {
    const message =
      typeof data === "object" && data && typeof (data as { message?: unknown }).message === "string" ? (data as { message: string }).message : undefined;
    throw new ApiError(message ?? `Request failed with status ${response.status}`, response.status, data);
  }
  return data as T;
}

const looksLikeHtml = (text: string) => /<(!doctype|html|head|body)\b/i.test(text);

/** What a form shows when sending failed: the error's text, never a raw HTML page, else the form's fallback. */
export function submissionErrorText(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (!text) return fallback;
  return looksLikeHtml(text) ? "Server error occurred" : text;
}
