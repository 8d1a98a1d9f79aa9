import type { AdminLoginResponse } from "#contracts/admin.ts";
import type { AdminApplicationDetail, AdminJob, ApplicationStatus, JobFormInput, NewJobInput } from "#contracts/admin-business.ts";
import type { CandidateMail, CandidateMailStage, CandidateMailTemplate } from "#contracts/candidate-mail.ts";
import type {
  CommunicationsReport,
  ContentTracking,
  DashboardOverview,
  DashboardRange,
  DatasetExportRequest,
  DetailMetric,
  MetricDetails,
  PastExport,
  UserAnalytics,
} from "#contracts/dashboard.ts";
import { apiRequest, csrfToken, readCookie } from "./client";

export type AdminLoginResult =
  { kind: "registering" } | { kind: "second_factor" } | { kind: "success" } | { kind: "error"; message: string; restart?: boolean };

/** The admin login's answer as the spec's admin client reads it, from the page's script or its action. */
export function adminLoginResult(ok: boolean, data: AdminLoginResponse | undefined): AdminLoginResult {
  if (!ok) return { kind: "error", message: data?.error || "Login failed", ...(data?.restart ? { restart: true } : {}) };
  return data?.registering ? { kind: "registering" } : data?.second_factor ? { kind: "second_factor" } : { kind: "success" };
}

/** A step of the admin sign-in as the spec's admin client sends it: form-encoded, with cookies and the CSRF header. */
async function adminSignInStep(path: string, fields: Record<string, string>): Promise<AdminLoginResult> {
  try {
    const send = (token: string) =>
      fetch(`/api/${path}`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token },
        body: new URLSearchParams(fields),
      });
    const token = await csrfToken();
    let response = await send(token);
    // A token the server no longer accepts (from a session that ended with the browser closed, or planted) is
    // answered 403 with a fresh one in its place: the admin's one click tries again with it.
    const fresh = readCookie("csrftoken") ?? "";
    if (response.status === 403 && fresh && fresh !== token) response = await send(fresh);
    return adminLoginResult(response.ok, (await response.json()) as AdminLoginResponse);
  } catch {
    return { kind: "error", message: "An error occurred" };
  }
}

export const adminLogin = (username: string, password: string) => adminSignInStep("admin-login/", { username, password });

/** The second step of a sign-in with two-factor sign-in on: the authenticator's code, or a recovery code. */
export const adminSecondFactor = (factor: SecondFactorFields) => adminSignInStep("admin-login/second-factor/", factor);

/** The field of the code step that was filled in, named as the API takes it. */
export type SecondFactorFields = { code: string } | { recovery_code: string };

/** The calls of the admin screens that run the business; each answers with the changed record. */
export const adminBusiness = {
  createJob: (job: NewJobInput) => apiRequest<AdminJob>("admin/jobs/", { method: "POST", body: job }),
  updateJob: (id: string, job: JobFormInput) => apiRequest<AdminJob>(`admin/jobs/${encodeURIComponent(id)}/`, { method: "PATCH", body: job }),
  setApplicationStatus: (id: string, status: ApplicationStatus) =>
    apiRequest<AdminApplicationDetail>(`admin/applications/${id}/status/`, { method: "POST", body: { status } }),
  addApplicationNote: (id: string, body: string) => apiRequest<AdminApplicationDetail>(`admin/applications/${id}/notes/`, { method: "POST", body: { body } }),
  rateApplication: (id: string, rating: number) => apiRequest<AdminApplicationDetail>(`admin/applications/${id}/rating/`, { method: "POST", body: { rating } }),
  sendCandidateMail: (id: string, mail: CandidateMail) => apiRequest<AdminApplicationDetail>(`admin/applications/${id}/mail/`, { method: "POST", body: mail }),
  skipCandidateMail: (id: string) => apiRequest<AdminApplicationDetail>(`admin/applications/${id}/mail/skip/`, { method: "POST", body: {} }),
  saveCandidateMailTemplate: (stage: CandidateMailStage, mail: CandidateMail) =>
    apiRequest<CandidateMailTemplate>(`admin/applications/mail-templates/${stage}/`, { method: "POST", body: mail }),
  removeSubscriber: (id: number) => apiRequest<void>(`admin/subscribers/${id}/`, { method: "DELETE" }),
  resumeUrl: (applicationId: string) => `/api/admin/applications/${applicationId}/resume/`,
};

/** A file the server offered as a download, with the name it gave it. */
export interface Download {
  blob: Blob;
  fileName: string;
}

/** POSTs to an export call (each export is recorded, so it is never a GET) and returns the file. */
export async function adminDownload(path: string, body?: unknown): Promise<Download> {
  const response = await fetch(`/api/${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "X-CSRFToken": readCookie("csrftoken") ?? "", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(data.message || `The export failed (status ${response.status}).`);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export";
  return { blob: await response.blob(), fileName };
}

/** The admin dashboard's calls. */
export const dashboardApi = {
  overview: (range: DashboardRange) => apiRequest<DashboardOverview>(`admin/dashboard/?range=${range}`),
  details: (metric: DetailMetric, range: DashboardRange) => apiRequest<MetricDetails>(`admin/dashboard/metrics/${metric}/?range=${range}`),
  users: (range: DashboardRange) => apiRequest<UserAnalytics>(`admin/dashboard/users/?range=${range}`),
  content: (range: DashboardRange) => apiRequest<ContentTracking>(`admin/dashboard/content/?range=${range}`),
  communications: (range: DashboardRange) => apiRequest<CommunicationsReport>(`admin/dashboard/communications/?range=${range}`),
  pastExports: () => apiRequest<PastExport[]>("admin/dashboard/exports/"),
  exportMetric: (metric: DetailMetric, range: DashboardRange) => adminDownload(`admin/dashboard/metrics/${metric}/export/`, { range }),
  exportDataset: (request: DatasetExportRequest) => adminDownload("admin/dashboard/exports/", request),
  dump: () => adminDownload("admin/dashboard/dump/"),
};
