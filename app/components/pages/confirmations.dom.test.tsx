import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CookiePreferences } from "#app/routes/legal.cookies.tsx";
import { PrivacyTabs } from "#app/routes/legal.privacy.tsx";
import Gdpr from "#app/routes/legal.gdpr.tsx";
import { COOKIE_CHOICES_KEY } from "#app/lib/cookie-consent.ts";
import { cookiesContent } from "#app/content/cookies.ts";
import { gdprContent, privacyContent } from "#app/content/legal.ts";
import { CopyButton } from "./CopyButton";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the press handler's awaited work settle, as the browser would between events. */
async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

function expectButtonFor(ms: number, confirmation: string, label: string) {
  act(() => void vi.advanceTimersByTime(ms - 1));
  expect(screen.getByRole("button", { name: confirmation })).toBeTruthy();
  act(() => void vi.advanceTimersByTime(1));
  expect(screen.queryByRole("button", { name: confirmation })).toBeNull();
  expect(screen.getByRole("button", { name: label })).toBeTruthy();
}

describe("transient confirmations", () => {
  it("Copy puts the text on the clipboard and says 'Copied!' for 2 seconds", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<CopyButton text="dpo@himaltech.com.np" />);
    await press("Copy");
    expect(writeText).toHaveBeenCalledWith("dpo@himaltech.com.np");
    expectButtonFor(2000, "Copied!", "Copy");
  });

  it("says nothing was copied when the clipboard refuses", async () => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: vi.fn().mockRejectedValue(new Error("denied")) }, configurable: true });
    render(<CopyButton text="x" />);
    await press("Copy");
    expect(screen.queryByRole("button", { name: "Copied!" })).toBeNull();
  });

  it("Submit Data Request opens the request form, and says 'Request Submitted!' for 3 seconds once it is sent", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: "We have sent a link to asha@example.com." }), { status: 202 }));
    vi.stubGlobal("fetch", fetchMock);
    render(<PrivacyTabs policy={privacyContent} />);
    fireEvent.click(screen.getByRole("tab", { name: "Your Rights" }));
    const opener = screen.getByText("Submit Data Request").closest("details")!;
    expect(opener.open).toBe(false);
    fireEvent.click(screen.getByText("Submit Data Request"));
    opener.open = true;
    fireEvent(opener, new Event("toggle"));
    fireEvent.input(screen.getByLabelText(/^Your email address/), { target: { value: "asha@example.com" } });
    act(() => {
      const right = screen.getByLabelText(/^What are you asking for/) as HTMLSelectElement;
      right.value = "erasure";
      right.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    });
    await act(async () => {
      await vi.runAllTicks();
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/privacy/requests/");
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ email: "asha@example.com", right: "erasure", details: "" });
    expect(screen.getByRole("status").textContent).toContain("We have sent a link to asha@example.com.");
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByText("Request Submitted!")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText("Request Submitted!")).toBeNull();
    expect(screen.getByText("Submit Data Request")).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it("Download DPA (PDF) says 'Download Started!' for 3 seconds", async () => {
    const Page = createRoutesStub([{ path: "/gdpr", Component: Gdpr, loader: () => ({ policy: gdprContent }) }]);
    // The page comes once its loader has answered, on the real clock; the confirmation's time is then moved by hand.
    vi.useRealTimers();
    render(<Page initialEntries={["/gdpr"]} />);
    await screen.findByRole("button", { name: "Download DPA (PDF)" });
    vi.useFakeTimers();
    await press("Download DPA (PDF)");
    expectButtonFor(3000, "Download Started!", "Download DPA (PDF)");
  });

  it("Save Preferences keeps the choices in the browser and says 'Preferences Saved!' for 3 seconds", async () => {
    render(<CookiePreferences categories={cookiesContent.categories} />);
    const analytics = screen.getByRole("switch", { name: "Analytics" });
    expect(analytics.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Marketing" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(analytics);
    expect(analytics.getAttribute("aria-checked")).toBe("false");
    expect(localStorage.getItem(COOKIE_CHOICES_KEY)).toBeNull();
    await press("Save Preferences");
    expect(JSON.parse(localStorage.getItem(COOKIE_CHOICES_KEY)!)).toEqual({ analytics: false, marketing: true });
    expectButtonFor(3000, "Preferences Saved!", "Save Preferences");
  });

  it("Reject All blocks Analytics and Marketing and keeps that choice at once", async () => {
    render(<CookiePreferences categories={cookiesContent.categories} />);
    await press("Reject All");
    expect(screen.getByRole("switch", { name: "Analytics" }).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("switch", { name: "Marketing" }).getAttribute("aria-checked")).toBe("false");
    expect(JSON.parse(localStorage.getItem(COOKIE_CHOICES_KEY)!)).toEqual({ analytics: false, marketing: false });
  });
});
