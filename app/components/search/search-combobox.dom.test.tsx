import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import type { SearchResponse, SearchResult } from "#contracts/search.ts";
import { render as drawNow } from "preact";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import SearchCombobox, { SEARCH_DEBOUNCE_MS, type SearchFetcher } from "./SearchCombobox";

const result = (title: string, url: string, type: SearchResult["type"] = "page"): SearchResult => ({
  title,
  url,
  type,
  snippet: `${title} for teams in Nepal`,
  highlights: [[0, title.length]],
});
const answer = (query: string, results: SearchResult[]): SearchResponse => ({ query, correctedQuery: null, results, total: results.length, page: 1 });

const cloudResults = [
  result("Cloud Computing", "/services/cloud"),
  result("Moving to the cloud", "/blog/7", "post"),
  result("Cloud engineer", "/careers/apply/12", "job"),
];

/** A search whose answers the test hands out, one per query, in any order. */
function controlledSearch() {
  const pending = new Map<string, { resolve: (response: SearchResponse) => void; signal: AbortSignal }>();
  const search: SearchFetcher = (query, signal) => new Promise((resolve) => pending.set(query, { resolve, signal }));
  return {
    search,
    asked: () => [...pending.keys()],
    aborted: (query: string) => pending.get(query)?.signal.aborted,
    answer: (query: string, results: SearchResult[]) => act(async () => pending.get(query)!.resolve(answer(query, results))),
  };
}

let onClose: ReturnType<typeof vi.fn<() => void>>;
let router: ReturnType<typeof createMemoryRouter>;

function renderBox(search: SearchFetcher, initialValue = "") {
  onClose = vi.fn<() => void>();
  router = createMemoryRouter([
    {
      path: "/",
      element: (
        <form role="search" action="/search">
          <label htmlFor="site-search">Search the site</label>
          <SearchCombobox initialValue={initialValue} onClose={onClose} search={search} />
        </form>
      ),
    },
    { path: "*", element: <p>Another page</p> },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByRole("combobox", { name: "Search the site" }) as HTMLInputElement;
}

const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });
const press = (input: HTMLInputElement, key: string) => fireEvent.keyDown(input, { key });
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const options = () => screen.queryAllByRole("option").map((option) => option.textContent);
const activeOption = (input: HTMLInputElement) => {
  const id = input.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id)?.textContent : undefined;
};

beforeEach(() => {
  vi.useFakeTimers();
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the header's search box as a combobox", () => {
  it("takes the focus as it is drawn, so a key pressed right after the box opens lands in it", () => {
    // Drawn without act(), which would also run the effects the browser runs only after a paint.
    const container = document.body.appendChild(document.createElement("div"));
    router = createMemoryRouter([{ path: "/", element: <SearchCombobox initialValue="" onClose={() => {}} search={controlledSearch().search} /> }]);
    onTestFinished(() => {
      drawNow(null, container);
      container.remove();
    });
    drawNow(<RouterProvider router={router} />, container);
    expect(document.activeElement).toBe(container.querySelector('[role="combobox"]'));
  });

  it("asks once the typing pauses, then lists the results with their kind, title and marked words", async () => {
    const measure = vi.spyOn(performance, "measure");
    const server = controlledSearch();
    const input = renderBox(server.search);
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(input.getAttribute("aria-controls")!)?.getAttribute("role")).toBe("listbox");

    type(input, "c");
    type(input, "cl");
    await wait(SEARCH_DEBOUNCE_MS - 1);
    type(input, "cloud");
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(server.asked()).toEqual([]);
    await wait(1);
    expect(server.asked()).toEqual(["cloud"]);
    expect(screen.getByRole("status").textContent).toBe("Searching…");

    await server.answer("cloud", cloudResults);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(options()).toEqual([
      "PageCloud ComputingCloud Computing for teams in Nepal",
      "PostMoving to the cloudMoving to the cloud for teams in Nepal",
      "JobCloud engineerCloud engineer for teams in Nepal",
    ]);
    expect([...document.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Cloud Computing", "Moving to the cloud", "Cloud engineer"]);
    expect(screen.getByRole("status").textContent).toBe("3 results, use the arrow keys to choose");
    expect(screen.getByRole("link", { name: "See all results" }).getAttribute("href")).toBe("/search?q=cloud");
    // The bench's figure: from the debounce to the results in the document.
    expect(measure).toHaveBeenCalledExactlyOnceWith("search:results", "search:debounced");
  });

  it("moves with the arrows (wrapping), opens the active result with Enter, and Escape closes the list, then the box", async () => {
    const server = controlledSearch();
    const input = renderBox(server.search);
    type(input, "cloud");
    await wait(SEARCH_DEBOUNCE_MS);
    await server.answer("cloud", cloudResults);
    expect(activeOption(input)).toBeUndefined();

    press(input, "ArrowDown");
    expect(activeOption(input)).toContain("Cloud Computing");
    expect(screen.getAllByRole("option", { selected: true })).toHaveLength(1);
    press(input, "ArrowDown");
    press(input, "ArrowDown");
    expect(activeOption(input)).toContain("Cloud engineer");
    press(input, "ArrowDown");
    expect(activeOption(input)).toContain("Cloud Computing");
    press(input, "ArrowUp");
    expect(activeOption(input)).toContain("Cloud engineer");
    expect(document.activeElement).toBe(input);

    press(input, "Escape");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    expect(input.value).toBe("cloud");
    expect(onClose).not.toHaveBeenCalled();
    press(input, "ArrowUp");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(activeOption(input)).toContain("Cloud engineer");
    press(input, "Escape");
    press(input, "Escape");
    expect(onClose).toHaveBeenCalledOnce();

    press(input, "ArrowDown");
    press(input, "ArrowDown");
    await act(async () => void press(input, "Enter"));
    expect(router.state.location.pathname).toBe("/blog/7");
  });

  it("leaves Enter to the form when no result is active", async () => {
    const server = controlledSearch();
    const input = renderBox(server.search);
    type(input, "cloud");
    await wait(SEARCH_DEBOUNCE_MS);
    await server.answer("cloud", cloudResults);
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe("/");
  });

  it("never lets an earlier, slower answer replace a newer one", async () => {
    const server = controlledSearch();
    const input = renderBox(server.search);
    type(input, "clo");
    await wait(SEARCH_DEBOUNCE_MS);
    type(input, "cloud");
    expect(server.aborted("clo")).toBe(true);
    await wait(SEARCH_DEBOUNCE_MS);
    await server.answer("cloud", cloudResults.slice(0, 1));
    await server.answer("clo", cloudResults);
    expect(options()).toHaveLength(1);
    expect(options()[0]).toContain("Cloud Computing");
  });

  it("says so inside the list when nothing matches, and searches what was typed before it loaded", async () => {
    const server = controlledSearch();
    const input = renderBox(server.search, "kubernets");
    expect(input.value).toBe("kubernets");
    await wait(SEARCH_DEBOUNCE_MS);
    await server.answer("kubernets", []);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(options()).toEqual(["No results for “kubernets”"]);
    expect(screen.getByRole("option").getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("No results");
    press(input, "ArrowDown");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);

    type(input, "");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });
});
