import type { ElementHandle, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, startSite, type TestSite } from "../helpers/site";

/**
 * Every button and link in the main content of every page in the sitemap must do something a
 * visitor can notice. A link with an address goes there, as links do: the address must answer
 * (one on this site is asked for; another site's, a mail or a phone number is not). Every other
 * control (a button, a link to "#" or to nothing) is clicked on a freshly loaded page, one at a
 * time, and must go somewhere (another site counts, without leaving this one), ask the server for
 * something, or change the page: its content, a state such as aria-expanded or aria-pressed, where
 * the focus is, a validation message, a new window, a download. Controls a click reveals (a tab's
 * panel, an opened card) are judged too, after the same clicks.
 */

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true });
});
afterAll(() => site.stop());

/** What is clicked: links and buttons, in whatever element or role they come as. */
const CONTROLS = [
  "a",
  "button",
  "summary",
  'input[type="submit"]',
  'input[type="button"]',
  'input[type="reset"]',
  'input[type="image"]',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="switch"]',
].join(", ");

/** Reports, and the images and fonts a click may make the browser load, are not what the click does. */
const INCIDENTAL_REQUESTS = /\/api\/(analytics|events)\//;
const INCIDENTAL_TYPES = new Set(["image", "font", "media"]);

/** How long a control has to show that it did something; the first sign ends the wait. */
const JUDGE_MS = 2_500;
/** Clicks that lead to a control another reveals: a tab, then a button in its panel. */
const MAX_VIA = 1;
const PAGES_AT_ONCE = 4;

interface Control {
  /** Role or tag and accessible name, numbered when the name repeats: `button "Copy" (2)`. */
  key: string;
  name: string;
  /** Where a link with an address goes (absolute); none for the controls that are clicked. */
  address?: string;
}

interface Task extends Control {
  path: string;
  /** The controls clicked, in order, before this one (each judged alive) to reveal it. */
  via: string[];
}

interface Walk {
  armed: boolean;
  control: Element | null;
  changes: string[];
  /** DOM changes seen, armed or not: the page is still while this stays put. */
  stirs: number;
  /** The controls on the page before the click: any others, it revealed. */
  known: WeakSet<Element>;
  controls(selector: string): (Control & { element: Element; revealed: boolean })[];
}

declare global {
  interface Window {
    __walk: Walk;
  }
}

/** Runs in every page before its own scripts: notes what changes once the walk has armed it, and finds the controls. */
function instrument() {
  const describe = (node: Node | null) => {
    const element = node instanceof Element ? node : node?.parentElement;
    return element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}` : "?";
  };
  const text = (element: Element | null) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
  const nameOf = (element: Element) =>
    element.getAttribute("aria-label")?.trim() ||
    (element.getAttribute("aria-labelledby") ?? "")
      .split(/\s+/)
      .map((id) => text(document.getElementById(id)))
      .join(" ")
      .trim() ||
    text(element) ||
    element.getAttribute("title") ||
    element.querySelector("img")?.getAttribute("alt") ||
    (element as HTMLInputElement).value ||
    "";
  const clickable = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const disabled = (element as HTMLButtonElement).disabled || element.getAttribute("aria-disabled") === "true";
    return (
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      rect.width > 0 &&
      rect.height > 0 &&
      !element.closest("[inert]") &&
      !disabled
    );
  };
  const walk: Walk = {
    armed: false,
    control: null,
    changes: [],
    stirs: 0,
    known: new WeakSet(),
    controls(selector) {
      const seen = new Map<string, number>();
      const controls = [];
      for (const element of document.querySelectorAll(`main :is(${selector})`)) {
        const kind = element.getAttribute("role") ?? element.tagName.toLowerCase();
        const name = nameOf(element);
        const count = (seen.get(`${kind} ${name}`) ?? 0) + 1;
        seen.set(`${kind} ${name}`, count);
        // The tab already chosen, the slide already shown, the page the visitor is on: there is nothing for them to do
        // (the tabs pattern, aria-current); each is judged once the page has moved on (another tab, another slide).
        const chosen = (kind === "tab" && element.getAttribute("aria-selected") === "true") || (element.getAttribute("aria-current") ?? "false") !== "false";
        if (!clickable(element) || chosen) continue;
        const href = element instanceof HTMLAnchorElement ? (element.getAttribute("href") ?? "").trim() : "";
        const address = href && !href.startsWith("#") && !/^javascript:/i.test(href) ? (element as HTMLAnchorElement).href : undefined;
        controls.push({ key: `${kind} "${name}"${count > 1 ? ` (${count})` : ""}`, name, address, element, revealed: !walk.known.has(element) });
      }
      return controls;
    },
  };
  Object.defineProperty(window, "__walk", { value: walk });
  // Each load starts as a first visit: nothing remembered from a control judged before.
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // a document without storage (about:blank)
  }
  const note = (what: string) => walk.armed && walk.changes.push(what);
  // Without transitions a control is where it will stay as soon as the DOM is (the header shrinks as the page scrolls).
  addEventListener("DOMContentLoaded", () =>
    document.head.append(
      Object.assign(document.createElement("style"), {
        textContent: "*, ::before, ::after { transition: none !important; animation: none !important; }",
      }),
    ),
  );
  // Headless tabs side by side are not focused, and the clipboard is refused to a tab out of focus: the walk's takes the text.
  if (navigator.clipboard) navigator.clipboard.writeText = async (text) => void note(`copied ${text.length} characters`);
  new MutationObserver((records) => {
    walk.stirs++;
    for (const record of records) {
      // The site header shrinking and cards that show themselves as they scroll into view answer the walk's own
      // scrolling to the control, however late a tab in the background gets to it.
      const element = record.target instanceof Element ? record.target : record.target.parentElement;
      if (document.head?.contains(record.target) || record.attributeName === "data-revealed" || element?.closest("header:not(main *)")) continue;
      if (record.type === "attributes") note(`${record.attributeName} of ${describe(record.target)} changed`);
      else if (record.type === "characterData") note(`text in ${describe(record.target)} changed`);
      else note(`content of ${describe(record.target)} changed`);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener("invalid", (event) => note(`a validation message on ${describe(event.target as Node)}`), true);
  addEventListener("focusin", (event) => event.target !== walk.control && note(`focus moved to ${describe(event.target as Node)}`), true);
  // A link to a mail or phone app is followed when its click is not cancelled; nothing of it shows in a headless browser.
  addEventListener("click", (event) => {
    if (!walk.armed) return;
    setTimeout(() => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link && /^(mailto|tel):/i.test(link.getAttribute("href")!) && !event.defaultPrevented) note(`opens ${link.getAttribute("href")}`);
    });
  });
}

const listControls = (page: Page): Promise<(Control & { revealed: boolean })[]> =>
  page.evaluate((selector) => window.__walk.controls(selector).map(({ key, name, address, revealed }) => ({ key, name, address, revealed })), CONTROLS);

async function findControl(page: Page, key: string): Promise<ElementHandle<Element>> {
  const handle = (
    await page.evaluateHandle(({ selector, key }) => window.__walk.controls(selector).find((control) => control.key === key)?.element, {
      selector: CONTROLS,
      key,
    })
  ).asElement();
  if (!handle) throw new Error(`${key} is not on the page`);
  return handle as ElementHandle<Element>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser tab that notes every request, navigation, window and dialog while armed; other sites are never reached. */
async function openWalker() {
  const { context, page } = await newPage(site, 1280, { reducedMotion: "reduce", permissions: ["clipboard-read", "clipboard-write"] });
  const origin = new URL(site.url).origin;
  let armed = false;
  let inFlight = 0;
  const signs: string[] = [];
  const sign = (what: string) => armed && signs.push(what);
  await context.addInitScript(instrument);
  // Routed only while a click is judged: a route turns the browser's cache off, and every load would fetch the scripts again.
  const offSite = (url: URL) => url.origin !== origin;
  const answerOffSite = async (route: Route) => {
    const request = route.request();
    sign(`${request.isNavigationRequest() ? "goes to" : "requests"} ${request.url()}`);
    // Answered with No Content: the browser stays on the page, and nothing leaves this machine.
    await (request.isNavigationRequest() ? route.fulfill({ status: 204 }) : route.abort());
  };
  page.on("request", (request) => {
    inFlight++;
    if (new URL(request.url()).origin !== origin || INCIDENTAL_TYPES.has(request.resourceType()) || INCIDENTAL_REQUESTS.test(request.url())) return;
    sign(`${request.method()} ${request.url().slice(origin.length)}`);
  });
  page.on("requestfinished", () => inFlight--);
  page.on("requestfailed", () => inFlight--);
  page.on("framenavigated", (frame) => frame === page.mainFrame() && sign(`went to ${frame.url().slice(origin.length)}`));
  page.on("dialog", (dialog) => (sign(`a ${dialog.type()} dialog`), void dialog.dismiss()));
  page.on("download", () => sign("a download"));
  page.on("filechooser", () => sign("a file chooser"));
  context.on("page", (opened) => {
    if (opened === page) return;
    sign("a new window");
    void opened.close();
  });

  /** Waits until the page has been still (no DOM change, no request under way) for a moment. */
  async function settle() {
    let last = -1;
    for (let i = 0; i < 20; i++) {
      const stirs = await page.evaluate(() => window.__walk.stirs);
      if (stirs === last && inFlight <= 0) return;
      last = stirs;
      await pause(50);
    }
  }

  /** Opens the page afresh and clicks the controls that lead to the one to judge. */
  async function load(path: string, via: string[] = []) {
    await context.clearCookies();
    await page.goto(path);
    for (const key of via) {
      const stirs = await page.evaluate(() => window.__walk.stirs);
      await (await findControl(page, key)).evaluate((element) => (element as HTMLElement).click());
      // Not every click that revealed something changed the DOM first (a focus, a scroll).
      await page.waitForFunction((stirs) => window.__walk.stirs > stirs, stirs, { timeout: 1_000 }).catch(() => {});
      await settle();
    }
  }

  /** What the control did when clicked, outside the page (`signs`) and in it (`changes`): nothing, for a dead one. */
  async function judge(control: ElementHandle<Element>): Promise<{ signs: string[]; changes: string[] }> {
    // Scrolled into view before the click, which is not what it does: in the middle of the window, clear of the sticky
    // header. A control covered there by something else cannot be clicked.
    const covered = await control.evaluate((element) => {
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit && (element.contains(hit) || hit.contains(element)) ? null : `it is covered by ${hit?.outerHTML.slice(0, 80)}`;
    });
    if (covered) throw new Error(covered);
    await settle();
    await control.evaluate((element, selector) => {
      const walk = window.__walk;
      for (const element of document.querySelectorAll(`main :is(${selector})`)) walk.known.add(element);
      Object.assign(walk, { control: element, changes: [], armed: true });
    }, CONTROLS);
    const url = page.url();
    await context.route(offSite, answerOffSite);
    signs.length = 0;
    armed = true;
    try {
      // Nothing covers it (checked above), so it is clicked as the browser clicks it: a pointer's click, dispatched
      // in several tabs at once, now and then went astray, which is no fault of the control.
      await control.evaluate((element) => (element as HTMLElement).click());
      // An empty fragment (href="#") goes nowhere.
      const nowhere = `went to ${url.slice(origin.length)}#`;
      for (const deadline = Date.now() + JUDGE_MS; Date.now() < deadline; await pause(40)) {
        const changes = page.url() === url ? await page.evaluate(() => window.__walk.changes).catch(() => []) : [];
        const outside = signs.filter((sign) => sign !== nowhere);
        if (outside.length + changes.length > 0) return { signs: outside, changes };
      }
      return { signs: [], changes: [] };
    } finally {
      armed = false;
      await context.unroute(offSite, answerOffSite);
    }
  }

  return { context, page, load, judge, settle };
}

type Walker = Awaited<ReturnType<typeof openWalker>>;

describe("dead controls", () => {
  it("no button or link in the main content of any page in the sitemap does nothing when clicked", async () => {
    const started = Date.now();
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!.replaceAll("&amp;", "&")).pathname);
    expect(paths.length).toBeGreaterThan(30);

    const tasks: Task[] = [];
    const queued = new Set<string>();
    const dead: string[] = [];
    let judged = 0;
    let clicked = 0;
    const where = (task: Task) => (task.via.length ? `${task.path}, after ${task.via.join(" → ")}` : task.path);
    /** Each address on this site, asked for once: what it answered. */
    const answers = new Map<string, Promise<number>>();
    const onSite = (address: string) => new URL(address).origin === new URL(site.url).origin;
    const answerOf = (address: string) => {
      const page = new URL(address);
      page.hash = "";
      if (!answers.has(page.href))
        answers.set(
          page.href,
          fetch(page, { redirect: "manual" }).then((response) => response.status),
        );
      return answers.get(page.href)!;
    };
    const links: Promise<void>[] = [];
    const queue = (path: string, via: string[], controls: Control[]) => {
      for (const { key, name, address } of controls) {
        const id = `${path} ${key}`;
        if (queued.has(id)) continue;
        queued.add(id);
        if (!address) tasks.push({ path, via, key, name });
        else if (onSite(address))
          links.push(
            answerOf(address).then((status) => {
              judged++;
              if (status >= 400) dead.push(`${where({ path, via, key, name })}: ${key} leads to ${address}, which answers ${status}`);
            }),
          );
        else judged++;
      }
    };

    async function walkPage(walker: Walker, path: string) {
      await walker.load(path);
      queue(path, [], await listControls(walker.page));
    }

    async function walkTask(walker: Walker, task: Task) {
      await walker.load(task.path, task.via);
      let did: { signs: string[]; changes: string[] };
      try {
        did = await walker.judge(await findControl(walker.page, task.key));
      } catch (error) {
        dead.push(`${where(task)}: ${task.key} cannot be clicked (${(error as Error).message.split("\n")[0]})`);
        return;
      }
      judged++;
      clicked++;
      if (did.signs.length + did.changes.length === 0) {
        dead.push(`${where(task)}: ${task.key} does nothing`);
        return;
      }
      // It changed the page and nothing more: the controls it revealed are judged after the same clicks.
      if (task.via.length >= MAX_VIA || did.signs.length > 0) return;
      await walker.settle();
      if (walker.page.url() === new URL(task.path, site.url).href)
        queue(
          task.path,
          [...task.via, task.key],
          (await listControls(walker.page).catch(() => [])).filter((control) => control.revealed),
        );
    }

    // A few tabs at once, each taking the next page to list or control to judge; judging one can queue more.
    const walkers = await Promise.all(Array.from({ length: PAGES_AT_ONCE }, () => openWalker()));
    const pathQueue = [...paths];
    let working = 0;
    await Promise.all(
      walkers.map(async (walker) => {
        for (;;) {
          const path = pathQueue.shift();
          const task = path ? undefined : tasks.shift();
          if (!path && !task) {
            if (working === 0) return;
            await pause(50);
            continue;
          }
          working++;
          try {
            await (path ? walkPage(walker, path) : walkTask(walker, task!));
          } finally {
            working--;
          }
        }
      }),
    );
    await Promise.all(walkers.map((walker) => walker.context.close()));
    await Promise.all(links);

    console.log(`Judged ${judged} controls (${clicked} clicked) on ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    expect(dead).toEqual([]);
  }, 480_000);
});
