import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/preact";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssistantResult } from "./assistant";
import { AssistantChat } from "./AssistantChat";

const CONVERSATION = "0b7f3c1e-5d2a-4c8e-9f10-1a2b3c4d5e6f";

type Reply = { status: number; body: unknown } | Error;
let replies: Reply[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const reply = replies.shift()!;
  if (reply instanceof Error) throw reply;
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
});
const sent = (n: number) => ({ url: fetchMock.mock.calls[n]![0], body: JSON.parse(fetchMock.mock.calls[n]![1].body as string) });

afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderChat(result?: AssistantResult, ...answers: Reply[]) {
  replies = answers;
  vi.stubGlobal("fetch", fetchMock);
  const router = createMemoryRouter([{ path: "/", element: <AssistantChat result={result} /> }]);
  render(<RouterProvider router={router} />);
}

const answer = (text: string, answered = true) => ({
  status: 200,
  body: { answer: text, answered, sources: answered ? [{ title: "Services", url: "/services/software" }] : [], conversation: CONVERSATION },
});

const log = () => screen.getByRole("log", { name: "Conversation with the assistant" });
const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
const type = (label: string, value: string) =>
  act(() => {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
async function press(name: string) {
  await act(async () => void fireEvent.click(screen.getByRole("button", { name })));
  await settle();
}

describe("the assistant tab", () => {
  it("answers a suggested question in the log with its sources, then sends the next typed question with the conversation", async () => {
    renderChat(undefined, answer("We build software."), answer("Most take three months."));
    await press("What services do you offer?");
    expect(sent(0)).toEqual({ url: "/api/assistant/", body: { question: "What services do you offer?" } });
    expect(log().textContent).toContain("What services do you offer?");
    expect(log().textContent).toContain("We build software.");
    expect(within(log()).getByRole("link", { name: "Services" }).getAttribute("href")).toBe("/services/software");

    type("Your question", "And how long?");
    await press("Send");
    expect(sent(1).body).toEqual({ question: "And how long?", conversation: CONVERSATION });
    expect(
      within(log())
        .getAllByRole("listitem")
        .filter((item) => item.parentElement?.tagName === "OL"),
    ).toHaveLength(2);
    expect((screen.getByLabelText("Your question") as HTMLInputElement).value).toBe("");
  });

  it("says plainly why a question failed and keeps it in the box: the server's words, or that the site was out of reach", async () => {
    renderChat(
      undefined,
      { status: 429, body: { message: "Too many requests, please try again later." } },
      { status: 400, body: { message: "question: Use at most 200 characters.", errors: { question: ["Use at most 200 characters."] } } },
      new TypeError("Failed to fetch"),
    );
    type("Your question", "Do you do cloud?");
    await press("Send");
    expect(screen.getByRole("alert").textContent).toBe("Too many requests, please try again later.");
    expect((screen.getByLabelText("Your question") as HTMLInputElement).value).toBe("Do you do cloud?");
    await press("Send");
    expect(screen.getByRole("alert").textContent).toBe("Use at most 200 characters.");
    await press("Send");
    expect(screen.getByRole("alert").textContent).toBe("We could not reach the assistant. Check your connection and try again.");
    expect((screen.getByLabelText("Your question") as HTMLInputElement).value).toBe("Do you do cloud?");
  });

  it("asks for a question rather than sending an empty one", async () => {
    renderChat();
    await press("Send");
    expect(screen.getByRole("alert").textContent).toBe("Type a question.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers a person when it has no answer, and passes the conversation on with the name and address", async () => {
    renderChat(undefined, answer("I don't know that one.", false), { status: 201, body: { message: "Thank you! Our team will reply by email." } });
    type("Your question", "purple elephant quantum banana");
    await press("Send");
    expect(log().textContent).toContain("I don't know that one.");
    type("Your name", "Asha Gurung");
    type("Your email", "asha@example.com");
    await press("Send to our team");
    expect(sent(1)).toEqual({ url: "/api/assistant/handoff/", body: { conversation: CONVERSATION, name: "Asha Gurung", email: "asha@example.com" } });
    expect(screen.getByRole("status").textContent).toContain("Thank you! Our team will reply by email.");
    expect(screen.queryByRole("button", { name: "Send to our team" })).toBeNull();
  });

  it("starts from the page's answer to a post without JavaScript: the conversation so far, and the question that failed", () => {
    renderChat({
      form: "assistant",
      conversation: CONVERSATION,
      turns: [{ question: "What services do you offer?", answer: "We build software.", answered: true, sources: [] }],
      failed: { question: "And the price?", message: "Too many requests, please try again later." },
    });
    expect(log().textContent).toContain("We build software.");
    expect((screen.getByLabelText("Your question") as HTMLInputElement).value).toBe("And the price?");
    expect(screen.getByRole("alert").textContent).toBe("Too many requests, please try again later.");
    const hidden = [...document.querySelectorAll<HTMLInputElement>("input[name=conversation]")].map((input) => input.value);
    expect(new Set(hidden)).toEqual(new Set([CONVERSATION]));
  });
});
