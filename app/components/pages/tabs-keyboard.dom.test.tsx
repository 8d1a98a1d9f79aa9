import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AudienceGuides } from "#app/routes/getStarted.tsx";
import { SupportTabs } from "#app/routes/support.tsx";
import { EndpointExplorer } from "#app/routes/user-api.tsx";
import { CtaBlock } from "./CtaBlock";

afterEach(cleanup);

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }]);
  render(<RouterProvider router={router} />);
}

const selected = () => screen.getByRole("tab", { selected: true }).textContent;

function arrow(key: string) {
  fireEvent.keyDown(screen.getByRole("tab", { selected: true }), { key });
}

describe("tab lists move with the keyboard", () => {
  it("call-to-action block: email-us first, arrows move through and wrap, the email tab holds the given form", () => {
    render(<CtaBlock emailUs={<p>the contact form</p>} />);
    expect(selected()).toBe("Email Us");
    expect(screen.getByText("the contact form")).toBeTruthy();
    arrow("ArrowRight");
    expect(selected()).toBe("AI Assistant");
    expect(document.activeElement?.textContent).toBe("AI Assistant");
    arrow("ArrowRight");
    expect(selected()).toBe("Book a Meeting");
    expect(screen.getByText("30-minute video call")).toBeTruthy();
    arrow("ArrowRight");
    expect(selected()).toBe("Email Us");
    arrow("ArrowLeft");
    expect(selected()).toBe("Book a Meeting");
    arrow("Home");
    expect(selected()).toBe("Email Us");
  });

  it("get started: Businesses first, then Partners and Developers with their action links", () => {
    renderInRouter(<AudienceGuides />);
    const action = () => screen.getByRole("tabpanel").querySelector("a")?.getAttribute("href");
    expect(selected()).toBe("Businesses");
    expect(action()).toBe("/contact");
    arrow("ArrowRight");
    expect(selected()).toBe("Partners");
    expect(action()).toBe("/partners");
    arrow("End");
    expect(selected()).toBe("Developers");
    expect(action()).toBe("/docs");
  });

  it("support: FAQ first, Contact Us next", () => {
    renderInRouter(<SupportTabs />);
    expect(selected()).toBe("FAQ");
    arrow("ArrowDown");
    expect(selected()).toBe("Contact Us");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });

  it("API reference: authentication selected by default", () => {
    render(<EndpointExplorer />);
    expect(selected()).toBe("Authentication");
    arrow("ArrowLeft");
    expect(selected()).toBe("Create a user");
  });
});
