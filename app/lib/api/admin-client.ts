import type { AdminApplication, AdminEnquiry, AdminJob, ApplicationStatus, EnquiryStatus, JobFormInput, JobStatus } from "@contracts/admin-business";
import { apiRequest, readCookie } from "./client";

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

/** The calls of the admin screens that run the business; each answers with the changed record. */
export const adminBusiness = {
  setEnquiryStatus: (id: number, status: EnquiryStatus) => apiRequest<AdminEnquiry>(`admin/enquiries/${id}/status/`, { method: "POST", body: { status } }),
  createJob: (job: JobFormInput) => apiRequest<AdminJob>("admin/jobs/", { method: "POST", body: job }),
  updateJob: (id: string, job: JobFormInput) => apiRequest<AdminJob>(`admin/jobs/${encodeURIComponent(id)}/`, { method: "PATCH", body: job }),
  setJobStatus: (id: string, status: JobStatus) => apiRequest<AdminJob>(`admin/jobs/${encodeURIComponent(id)}/status/`, { method: "POST", body: { status } }),
  setApplicationStatus: (id: string, status: ApplicationStatus) => apiRequest<AdminApplication>(`admin/applications/${id}/status/`, { method: "POST", body: { status } }),
  removeSubscriber: (id: number) => apiRequest<void>(`admin/subscribers/${id}/`, { method: "DELETE" }),
  resumeUrl: (applicationId: string) => `/api/admin/applications/${applicationId}/resume/`,
};
