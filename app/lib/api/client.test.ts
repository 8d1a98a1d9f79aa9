import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, submissionErrorText } from "./client";

const respond = (status: number, body: string, type = "application/json") =>
  vi.fn(async () => new Response(status === 204 ? null : body, { status, headers: { "content-type": type } }));

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("posts JSON to /api/ with credentials and reads the answer", async () => {
    const fetch = respond(201, JSON.stringify({ message: "Thanks" }));
    vi.stubGlobal("fetch", fetch);
    expect(await apiRequest("cta/", { method: "POST", body: { name: "A" } })).toEqual({ message: "Thanks" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/cta/");
    expect(init.credentials).toBe("include");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"name":"A"}');
  });

  it("reads 204 as an empty object", async () => {
    vi.stubGlobal("fetch", respond(204, ""));
    expect(await apiRequest("x/", { method: "DELETE" })).toEqual({});
  });

  it("raises the body's message with status and body attached", async () => {
    vi.stubGlobal("fetch", respond(400, JSON.stringify({ message: "email: Invalid email", errors: { email: ["Invalid email"] } })));
    const error = (await apiRequest("cta/", { method: "POST", body: {} }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("email: Invalid email");
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ errors: { email: ["Invalid email"] } });
  });

  it("sends a public form with no CSRF round trip, and fetches a token first for a call that checks one", async () => {
    const fetch = vi.fn(
      async (url: string) => new Response(JSON.stringify(url === "/api/csrf/" ? { csrfToken: "nonce.signature" } : { message: "Done" }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    await apiRequest("newsletter/", { method: "POST", body: { email: "a@b.np" } });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/newsletter/"]);

    fetch.mockClear();
    await apiRequest("admin/device-approvals/token/", { method: "POST", body: { decision: "approve" }, fetchCsrfToken: true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/csrf/", "/api/admin/device-approvals/token/"]);
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)["X-CSRFToken"]).toBe("nonce.signature");
  });

  it("falls back to 'Request failed with status {code}'", async () => {
    vi.stubGlobal("fetch", respond(502, "<html><body>Bad gateway</body></html>", "text/html"));
    const error = (await apiRequest("cta/").catch((e) => e)) as ApiError;
    expect(error.message).toBe("Request failed with status 502");
    expect(error.body).toContain("Bad gateway");
  });
});

describe("submissionErrorText", () => {
  it("shows the error's text, replaces an HTML page, and falls back", () => {
    expect(submissionErrorText(new Error("Too many requests."), "Submission failed")).toBe("Too many requests.");
    expect(submissionErrorText(new Error("<!DOCTYPE html><html>…"), "Submission failed")).toBe("Server error occurred");
    expect(submissionErrorText(new Error(""), "Submission failed")).toBe("Submission failed");
    expect(submissionErrorText(undefined, "Something went wrong")).toBe("Something went wrong");
  });
});
