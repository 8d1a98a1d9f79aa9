import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountError, fetchAccount, login, register } from "./account-client";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const authHeader = (callIndex: number) => (fetchMock.mock.calls[callIndex]![1] as RequestInit & { headers: Record<string, string> }).headers.Authorization;

describe("authenticated requests", () => {
  it("on a 401 refreshes once, stores the rotated tokens and retries with the new access token", async () => {
    localStorage.setItem("accessToken", "old-access");
    localStorage.setItem("refreshToken", "old-refresh");
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: "Token is invalid or expired" }))
      .mockResolvedValueOnce(json(200, { access: "new-access", refresh: "new-refresh" }))
      .mockResolvedValueOnce(json(200, { email: "asha@example.com" }));
    expect(await fetchAccount()).toEqual({ email: "asha@example.com" });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/accounts/me/", "/api/token/refresh/", "/api/accounts/me/"]);
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ refresh: "old-refresh" });
    expect(authHeader(0)).toBe("Bearer old-access");
    expect(authHeader(2)).toBe("Bearer new-access");
    expect([localStorage.getItem("accessToken"), localStorage.getItem("refreshToken")]).toEqual(["new-access", "new-refresh"]);
  });

  it("retries only once: a second 401 is the caller's error", async () => {
    localStorage.setItem("accessToken", "a");
    localStorage.setItem("refreshToken", "r");
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(200, { access: "a2", refresh: "r2" }))
      .mockResolvedValueOnce(json(401, { detail: "Still not allowed" }));
    await expect(fetchAccount()).rejects.toMatchObject({ status: 401, detail: "Still not allowed" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("clears storage and goes to /login when the refresh fails", async () => {
    localStorage.setItem("accessToken", "a");
    localStorage.setItem("refreshToken", "r");
    localStorage.setItem("other", "x");
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, { detail: "Token is invalid or expired" }));
    await expect(fetchAccount()).rejects.toBeInstanceOf(AccountError);
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("goes to /login once when two calls find the session over together", async () => {
    localStorage.setItem("accessToken", "a");
    localStorage.setItem("refreshToken", "r");
    fetchMock.mockImplementation((url: string) => Promise.resolve(json(401, url.includes("refresh") ? { detail: "Token is invalid or expired" } : {})));
    const calls = await Promise.allSettled([fetchAccount(), fetchAccount()]);
    expect(calls.map((call) => call.status)).toEqual(["rejected", "rejected"]);
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("does not refresh without a refresh token", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { detail: "Authentication credentials were not provided." }));
    await expect(fetchAccount()).rejects.toMatchObject({ detail: "Authentication credentials were not provided." });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("account calls", () => {
  it("stores both tokens after login", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { access: "A", refresh: "R" }));
    await login("asha@example.com", "secret-secret");
    expect([localStorage.getItem("accessToken"), localStorage.getItem("refreshToken")]).toEqual(["A", "R"]);
  });

  it("raises the server's detail, the call's fallback when there is no body, and none for a body without detail", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { detail: "Account already exists. Please log in." }));
    await expect(register({ email: "a@b.co", password: "x" })).rejects.toMatchObject({ detail: "Account already exists. Please log in." });
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502 }));
    await expect(register({ email: "a@b.co", password: "x" })).rejects.toMatchObject({ detail: "Registration failed" });
    fetchMock.mockRejectedValueOnce(new TypeError("network"));
    await expect(login("a@b.co", "x")).rejects.toMatchObject({ detail: "Login failed" });
    fetchMock.mockResolvedValueOnce(json(400, { errors: {} }));
    await expect(login("a@b.co", "x")).rejects.toMatchObject({ detail: undefined });
  });
});
