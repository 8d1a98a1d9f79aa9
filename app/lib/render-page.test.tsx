import { Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "./render-page";

afterEach(() => {
  vi.useRealTimers();
});

const never = new Promise<string>(() => {});
function Waiting() {
  return <p>{use(never)}</p>;
}

describe("renderPage", () => {
  it("sends the whole page and leaves no timer holding the finished render", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const html = await renderPage(
      <main>
        <h1>Services</h1>
      </main>,
      { timeoutMs: 6000, onError: () => {} },
    );
    expect(html).toBe("<main><h1>Services</h1></main>");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up on a part still waiting after the time limit and sends the rest with its fallback", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const errors: unknown[] = [];
    const rendering = renderPage(
      <main>
        <h1>Blog</h1>
        <Suspense fallback={<p>Loading…</p>}>
          <Waiting />
        </Suspense>
      </main>,
      { timeoutMs: 6000, onError: (error) => void errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(6000);
    const html = await rendering;
    expect(html).toContain("<h1>Blog</h1>");
    expect(html).toContain("Loading…");
    expect(errors).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
