import { cleanup, render, screen } from "@testing-library/preact";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ResponseTimes } from "./OverviewPanel";

afterEach(cleanup);

/** The Overdue now tile's figure, as the dashboard draws it. */
function overdueFigure(overdue: number) {
  const router = createMemoryRouter([{ path: "/", element: <ResponseTimes figures={{ medianSeconds: 1200, withinDayPercent: 100, overdue }} /> }]);
  render(<RouterProvider router={router} />);
  const tile = screen.getByText("Overdue now").closest("div")!;
  return tile.querySelector("dd")!;
}

describe("Overdue now on the dashboard", () => {
  it("is a plain 0, not red and not a link, when nothing is overdue", () => {
    const figure = overdueFigure(0);
    expect(figure.textContent).toBe("0");
    expect(figure.querySelector("a")).toBeNull();
    expect(figure.innerHTML).not.toMatch(/crimson|red-/);
  });

  it("is red, and leads to the overdue enquiries, when some are", () => {
    const figure = overdueFigure(3);
    const link = figure.querySelector("a")!;
    expect(link.textContent).toBe("3");
    expect(link.getAttribute("href")).toBe("/admin/enquiries?overdue=yes");
    expect(link.getAttribute("aria-label")).toBe("3 overdue: open them in the inbox");
    expect(link.className).toContain("text-crimson-700");
  });
});
