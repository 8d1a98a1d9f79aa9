import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./ContactForm";
import { DiscussProjectForm } from "./DiscussProjectForm";
import { GetStartedHelpForm } from "./GetStartedHelpForm";
import { NewsletterForm } from "./NewsletterForm";
import { TalkToExpertForm } from "./TalkToExpertForm";

const reply = (status: number, body: unknown, type = "application/json") =>
  vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": type } }));

let fetchMock: ReturnType<typeof reply>;
const sentBody = () => JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
const sentUrl = () => (fetchMock.mock.calls[0] as unknown as [string])[0];

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Required fields carry a " *" after the label text. A browser fires `input` as a field changes and `change` once a choice
// is made; Preact listens to the first on text fields and to the second on a select, as React's onChange is mapped.
const type = (label: string, value: string) =>
  act(() => {
    const field = screen.getByLabelText(new RegExp(`^${label.replace(/[?$()*]/g, "\\$&")}( \\*)?$`)) as HTMLInputElement | HTMLSelectElement;
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
async function submit(button: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: button }));
  });
  await act(async () => {
    await vi.runAllTicks();
  });
}
const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe("ContactForm", () => {
  it("says 'Please fill in all fields' and sends nothing when a field is empty", async () => {
    fetchMock = reply(201, { message: "Thanks" });
    vi.stubGlobal("fetch", fetchMock);
    render(<ContactForm />);
    type("Name", "Asha");
    type("Email", "asha@example.com");
    await submit("Send Message");
    expect(screen.getByRole("alert").textContent).toContain("Please fill in all fields");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends request_type CTA, clears the fields, shows the answer until dismissed", async () => {
    fetchMock = reply(201, { message: "Thank you for your message!" });
    vi.stubGlobal("fetch", fetchMock);
    render(<ContactForm />);
    type("Name", "Asha");
    type("Email", "asha@example.com");
    type("Message", "Hello");
    await submit("Send Message");
    expect(sentUrl()).toBe("/api/cta/");
    expect(sentBody()).toEqual({ name: "Asha", email: "asha@example.com", message: "Hello", request_type: "CTA" });
    expect(screen.getByRole("status").textContent).toContain("Thank you for your message!");
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
    await advance(10_000);
    expect(screen.getByText("Thank you for your message!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Thank you for your message!")).toBeNull();
  });

  it("shows 'Server error occurred' instead of an HTML error page", async () => {
    fetchMock = reply(500, { message: "<!doctype html><html><body>boom</body></html>" });
    vi.stubGlobal("fetch", fetchMock);
    render(<ContactForm />);
    type("Name", "Asha");
    type("Email", "asha@example.com");
    type("Message", "Hello");
    await submit("Send Message");
    expect(screen.getByRole("alert").textContent).toContain("Server error occurred");
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Asha");
  });
});

describe("NewsletterForm", () => {
  it("sends request_type NEWSLETTER and hides the message after 5 seconds", async () => {
    fetchMock = reply(201, { message: "Please confirm" });
    vi.stubGlobal("fetch", fetchMock);
    render(<NewsletterForm />);
    type("Email address", "r@example.com");
    await submit("Subscribe");
    expect(sentBody()).toEqual({ email: "r@example.com", request_type: "NEWSLETTER" });
    expect(screen.getByText("Please confirm")).toBeTruthy();
    await advance(4900);
    expect(screen.queryByText("Please confirm")).not.toBeNull();
    await advance(200);
    expect(screen.queryByText("Please confirm")).toBeNull();
  });

  it("falls back to a thank-you without a message, and to 'Failed to subscribe. Please try again.' on a bare failure", async () => {
    fetchMock = reply(201, {});
    vi.stubGlobal("fetch", fetchMock);
    render(<NewsletterForm />);
    type("Email address", "r@example.com");
    await submit("Subscribe");
    expect(screen.getByText("Thank you for subscribing!")).toBeTruthy();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError(""))),
    );
    type("Email address", "r@example.com");
    await submit("Subscribe");
    expect(screen.getByRole("alert").textContent).toContain("Failed to subscribe. Please try again.");
  });
});

describe("browser-level checks", () => {
  const control = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[?$()*]/g, "\\$&")}( \\*)?$`)) as HTMLInputElement;
  const required = (labels: string[]) => labels.filter((label) => control(label).required);

  it.each([
    ["newsletter", () => render(<NewsletterForm />), ["Email address"], ["Email address"]],
    ["discuss project", () => render(<DiscussProjectForm />), ["Name", "Email", "Company", "Project details"], ["Name", "Email", "Project details"]],
    ["get started", () => render(<GetStartedHelpForm />), ["Email", "How can we help?"], ["Email", "How can we help?"]],
    ["talk to expert", () => render(<TalkToExpertForm />), ["Name", "Email", "Company", "Message"], ["Name", "Email", "Message"]],
  ] as const)("%s: the spec's fields are required, company is not, and e-mail fields check the format", (_form, show, labels, expected) => {
    show();
    expect(required([...labels])).toEqual(expected);
    expect(control(labels.find((label) => label.startsWith("Email"))!).type).toBe("email");
  });

  it("the contact form leaves empty fields to its own 'Please fill in all fields' check", () => {
    render(<ContactForm />);
    expect(required(["Name", "Email", "Message"])).toEqual([]);
    expect(control("Email").type).toBe("email");
  });
});

describe("while sending", () => {
  /** A request that stays open until the test answers it. */
  function pendingFetch() {
    let answer!: (response: Response) => void;
    fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as ReturnType<typeof reply>;
    vi.stubGlobal("fetch", fetchMock);
    return (body: unknown) => answer(new Response(JSON.stringify(body), { status: 201, headers: { "content-type": "application/json" } }));
  }

  it("the contact form disables its fields and button, and enables them again with the answer", async () => {
    const answer = pendingFetch();
    render(<ContactForm />);
    type("Name", "Asha");
    type("Email", "asha@example.com");
    type("Message", "Hello");
    await submit("Send Message");
    for (const label of ["Name", "Email", "Message"]) expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: /Sending/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer({ message: "Thank you for your message!" }));
    await act(async () => void (await vi.runAllTicks()));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole("status").textContent).toContain("Thank you for your message!");
  });

  it("the newsletter disables its field and button", async () => {
    const answer = pendingFetch();
    render(<NewsletterForm />);
    type("Email address", "r@example.com");
    await submit("Subscribe");
    expect((screen.getByLabelText("Email address") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: /Sending/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer({ message: "Please confirm" }));
    await act(async () => void (await vi.runAllTicks()));
    expect((screen.getByLabelText("Email address") as HTMLInputElement).disabled).toBe(false);
  });
});

describe("DiscussProjectForm", () => {
  const fill = () => {
    type("Name", "Chandra");
    type("Email", "c@example.com");
    type("Budget", "over-100k");
    type("Timeline", "3-6months");
    type("Project details", "An app");
  };

  it("succeeds with a 3 s Submitted state when the answer names name and email", async () => {
    fetchMock = reply(201, { message: "We’ll be in touch", name: "Chandra", email: "c@example.com" });
    vi.stubGlobal("fetch", fetchMock);
    render(<DiscussProjectForm />);
    expect(screen.getByRole("option", { name: "$10,000 - $50,000" })).toBeTruthy();
    fill();
    await submit("Submit Project");
    expect(sentBody()).toMatchObject({ budget: "over-100k", timeline: "3-6months", details: "An app", company: "", request_type: "DISCUSS_PROJECT" });
    expect(screen.getByRole("button", { name: "Submitted" })).toBeTruthy();
    await advance(2900);
    expect(screen.queryByRole("button", { name: "Submitted" })).not.toBeNull();
    await advance(200);
    expect(screen.getByRole("button", { name: "Submit Project" })).toBeTruthy();
  });

  it("fails with 'Submission failed: Missing required fields in response' otherwise", async () => {
    fetchMock = reply(201, { message: "ok" });
    vi.stubGlobal("fetch", fetchMock);
    render(<DiscussProjectForm />);
    fill();
    await submit("Submit Project");
    expect(screen.getByRole("alert").textContent).toContain("Submission failed: Missing required fields in response");
  });
});

describe("GetStartedHelpForm and TalkToExpertForm", () => {
  it("send the user type upper-cased and a 3 s Submitted state", async () => {
    fetchMock = reply(201, { message: "Thanks for reaching out!" });
    vi.stubGlobal("fetch", fetchMock);
    render(<GetStartedHelpForm />);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Business Representative", "Potential Partner", "Developer", "Other"]);
    type("Email", "p@example.com");
    type("I am a", "partner");
    type("How can we help?", "Reselling");
    await submit("Submit");
    expect(sentBody()).toEqual({ email: "p@example.com", user_type: "PARTNER", message: "Reselling", request_type: "GET_STARTED" });
    expect(screen.getByRole("button", { name: "Submitted" })).toBeTruthy();
    await advance(3100);
    expect(screen.queryByRole("button", { name: "Submitted" })).toBeNull();
  });

  it("talk to expert sends helpType and names the status when the server says nothing", async () => {
    fetchMock = reply(503, "");
    vi.stubGlobal("fetch", fetchMock);
    render(<TalkToExpertForm />);
    type("Name", "B");
    type("Email", "b@example.com");
    type("What can we help with?", "sales");
    type("Message", "Prices?");
    await submit("Request a Call");
    expect(sentBody()).toMatchObject({ helpType: "sales", request_type: "TALK_TO_EXPERT" });
    expect(screen.getByRole("alert").textContent).toContain("Request failed with status 503");
  });
});
