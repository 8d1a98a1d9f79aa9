import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/preact";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Meeting } from "#contracts/meetings.ts";
import { MeetingScheduler } from "./MeetingScheduler";

/** Tuesday, November 24, 6 AM in Chicago. */
const TUESDAY_MORNING = "2026-11-24T12:00:00Z";

type Reply = { status: number; body: unknown };
const TAKEN = "That time was just taken — please pick another";

/** The API as the tab meets it: the slots of a day by its date, and the answers to bookings in turn. */
let slotsOf: Record<string, { start: string; label: string }[]> = {};
let bookings: Reply[] = [];
const LAST_DAY = "2026-12-21";
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const reply: Reply = url.startsWith("/api/meetings/slots/")
    ? {
        status: 200,
        body: {
          tz: new URL(url, "http://site.test").searchParams.get("tz"),
          slots: (slotsOf[new URL(url, "http://site.test").searchParams.get("from")!] ?? []).map((slot) => ({ ...slot, end: slot.start })),
          lastDay: LAST_DAY,
        },
      }
    : init?.method === "POST"
      ? bookings.shift()!
      : { status: 404, body: { message: "Not found" } };
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
});
const slotRequests = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/meetings/slots/"));

afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The tab as a visitor in `zone` sees it at `now`. */
async function renderTab(now: string, zone: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
  vi.stubGlobal("fetch", fetchMock);
  const router = createMemoryRouter([{ path: "/", element: <MeetingScheduler /> }]);
  render(<RouterProvider router={router} />);
  await settle();
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
async function press(name: string | RegExp) {
  await act(async () => void fireEvent.click(screen.getByRole("button", { name })));
  await settle();
}
const zoneSelect = () => screen.getByRole("combobox", { name: "Time zone" }) as HTMLSelectElement;
async function chooseZone(zone: string) {
  await act(async () => {
    zoneSelect().value = zone;
    zoneSelect().dispatchEvent(new Event("change", { bubbles: true }));
  });
  await settle();
}
const dayButtons = () =>
  within(screen.getByRole("group", { name: "Choose a day" }))
    .getAllByRole("button")
    .map((button) => button.textContent);
const type = (label: string, value: string) =>
  act(() => {
    const field = screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

const meeting: Meeting = {
  token: "7-0123456789abcdef0123456789abcdef",
  status: "booked",
  confirmed: false,
  heldUntil: "2026-11-24T03:00:00.000Z",
  name: "Asha Gurung",
  email: "asha@example.com",
  topic: "",
  start: "2026-11-30T15:00:00.000Z",
  end: "2026-11-30T15:30:00.000Z",
  tz: "America/Chicago",
  visitorTime: "Monday, November 30, 2026, 9:00 AM CST",
  companyTime: "Monday, November 30, 2026, 8:45 PM NPT",
  roomUrl: "https://meet.example/himaltech-room",
  manageUrl: "http://127.0.0.1:3000/meetings/7-0123456789abcdef0123456789abcdef",
  calendarUrl: "http://127.0.0.1:3000/api/meetings/7-0123456789abcdef0123456789abcdef/invitation.ics",
  message: "Your time is held for an hour. Open the link we have sent to your email to confirm the meeting.",
};

describe("the book-meeting tab", () => {
  it("offers the visitor's own zone first, and each day button is the next such day from today in the zone chosen", async () => {
    // Tuesday 07:45 in Kathmandu, still Monday evening in New York.
    await renderTab("2026-11-24T02:00:00Z", "Asia/Kathmandu");
    expect([...zoneSelect().options].map((option) => option.textContent)).toEqual(["Your time (Asia/Kathmandu)", "EST", "CST", "PST"]);
    expect(zoneSelect().value).toBe("Asia/Kathmandu");
    expect(dayButtons()).toEqual(["Monday Nov 30", "Tuesday Nov 24", "Wednesday Nov 25", "Thursday Nov 26"]);

    await chooseZone("America/New_York");
    expect(dayButtons()).toEqual(["Monday Nov 23", "Tuesday Nov 24", "Wednesday Nov 25", "Thursday Nov 26"]);

    const previous = () => screen.getByRole("button", { name: "Previous week" }) as HTMLButtonElement;
    const next = () => screen.getByRole("button", { name: "Next week" }) as HTMLButtonElement;
    expect(previous().disabled).toBe(true);
    await press("Next week");
    expect(dayButtons()[0]).toBe("Monday Nov 30");
    expect(previous().disabled).toBe(false);
    // The horizon ends on Monday, December 21: the week of the 21st is the last one.
    await press("Next week");
    await press("Next week");
    expect(dayButtons()).toEqual(["Monday Dec 14", "Tuesday Dec 15", "Wednesday Dec 16", "Thursday Dec 17"]);
    await press("Next week");
    expect(next().disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Tuesday Dec 22" }).hasAttribute("disabled")).toBe(true);
  });

  it("keeps to the spec's three zones when the visitor is in one of them, chosen", async () => {
    await renderTab("2026-11-24T02:00:00Z", "America/Chicago");
    expect([...zoneSelect().options].map((option) => option.textContent)).toEqual(["EST", "CST", "PST"]);
    expect(zoneSelect().value).toBe("America/Chicago");
  });

  it("lists a day's free times as buttons, and says so plainly when a day has none", async () => {
    slotsOf = {
      "2026-11-30": [
        { start: "2026-11-30T15:00:00.000Z", label: "9:00 AM" },
        { start: "2026-11-30T15:30:00.000Z", label: "9:30 AM" },
      ],
    };
    await renderTab(TUESDAY_MORNING, "America/Chicago");
    await press("View Available Times");
    expect(screen.getByRole("alert").textContent).toBe("Choose a day first.");

    await press(/^Monday/);
    await press("View Available Times");
    expect(slotRequests().at(-1)).toBe("/api/meetings/slots/?from=2026-11-30&days=1&tz=America%2FChicago");
    const list = screen.getByRole("list", { name: "Available times on Monday, November 30" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["9:00 AM", "9:30 AM"]);
    expect(screen.getByText("Times are shown in CST.")).toBeTruthy();

    // Once times are shown, another day shows its own.
    await press(/^Tuesday/);
    expect(slotRequests().at(-1)).toBe("/api/meetings/slots/?from=2026-11-24&days=1&tz=America%2FChicago");
    expect(screen.queryByRole("list", { name: /Available times/ })).toBeNull();
    expect(screen.getByText("No free times on this day. Try another day or the next week.")).toBeTruthy();
  });

  it("books a chosen time; a time just taken is said so, and the list is drawn again without it", async () => {
    slotsOf = {
      "2026-11-30": [
        { start: "2026-11-30T15:00:00.000Z", label: "9:00 AM" },
        { start: "2026-11-30T15:30:00.000Z", label: "9:30 AM" },
      ],
    };
    bookings = [
      { status: 409, body: { message: TAKEN } },
      { status: 201, body: meeting },
    ];
    await renderTab(TUESDAY_MORNING, "America/Chicago");
    await press(/^Monday/);
    await press("View Available Times");
    await press("9:30 AM");
    const heading = screen.getByRole("heading", { name: "Book Monday, November 30 at 9:30 AM" });
    expect(document.activeElement).toBe(heading);

    type("Your name", "Asha Gurung");
    type("Your email", "asha@example.com");
    slotsOf = { "2026-11-30": [{ start: "2026-11-30T15:00:00.000Z", label: "9:00 AM" }] };
    await press("Book");
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(posted[0]).toBe("/api/meetings/");
    expect(JSON.parse(posted[1]!.body as string)).toEqual({
      name: "Asha Gurung",
      email: "asha@example.com",
      start: "2026-11-30T15:30:00.000Z",
      tz: "America/Chicago",
    });
    expect(screen.getByRole("alert").textContent).toBe(TAKEN);
    expect(screen.queryByRole("button", { name: "Book" })).toBeNull();
    const list = screen.getByRole("list", { name: "Available times on Monday, November 30" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["9:00 AM"]);

    await press("9:00 AM");
    // What was typed is kept for the next try.
    expect((screen.getByLabelText("Your name", { exact: false }) as HTMLInputElement).value).toBe("Asha Gurung");
    await press("Book");
    // Held until the mailed link is used: the call's link and the invitation come with the confirmation.
    const confirmation = screen.getByRole("heading", { name: "Check your email to confirm" });
    expect(document.activeElement).toBe(confirmation);
    const region = screen.getByRole("region", { name: "Check your email to confirm" });
    expect(region.textContent).toContain(meeting.message);
    expect(region.textContent).toContain(meeting.visitorTime);
    expect(region.textContent).toContain(meeting.companyTime);
    expect(within(region).queryByRole("link", { name: /Join the video call/ })).toBeNull();
    expect(within(region).queryByRole("link", { name: "Add to calendar" })).toBeNull();
    expect(within(region).getByRole("link", { name: "Cancel or reschedule" }).getAttribute("href")).toBe("/meetings/7-0123456789abcdef0123456789abcdef");
  });
});
