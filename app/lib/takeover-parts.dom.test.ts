import { createElement as h, hydrate } from "preact";
import { useEffect, useState } from "preact/hooks";
import { beforeAll, describe, expect, it } from "vitest";
import { takeOverInTurns, whenTakenOver } from "./takeover";
import { drawPartsInTurns } from "./takeover-parts";

beforeAll(drawPartsInTurns);

/** A page whose form comes to life in an effect of the page itself, above the part that holds the form. */
function Page() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return h(
    "main",
    null,
    h("header", null, h("h1", null, "Sign up")),
    h("section", { id: "form" }, h("button", { type: "submit", disabled: !live }, "Create account")),
  );
}

const SERVER_HTML = '<main><header><h1>Sign up</h1></header><section id="form"><button type="submit" disabled="">Create account</button></section></main>';
const takenOver = () => new Promise<void>((resolve) => whenTakenOver(resolve));

describe("taking the page over part by part with Preact", () => {
  it("keeps the server's elements and draws what changed above a part while it waited", async () => {
    const root = document.createElement("div");
    root.innerHTML = SERVER_HTML;
    const fromServer = [...root.querySelectorAll("*")];

    takeOverInTurns();
    hydrate(h(Page, null), root);
    // The first pass has run: the parts still wait, and the page above them has not come to life.
    expect(root.innerHTML).toBe(SERVER_HTML);

    await takenOver();
    expect(root.querySelector("button")!.disabled).toBe(false);
    // The very nodes the server sent, not equal copies of them.
    const afterwards = [...root.querySelectorAll("*")];
    expect(afterwards).toHaveLength(fromServer.length);
    afterwards.forEach((element, index) => expect(element).toBe(fromServer[index]));
  });

  it("answers a part's own events only once its turn has come", async () => {
    const clicks: string[] = [];
    const root = document.createElement("div");
    root.innerHTML = '<section><button type="button">Tap</button></section>';
    takeOverInTurns();
    hydrate(h("section", null, h("button", { type: "button", onClick: () => clicks.push("tap") }, "Tap")), root);

    root.querySelector("button")!.click();
    expect(clicks).toEqual([]);
    await takenOver();
    root.querySelector("button")!.click();
    expect(clicks).toEqual(["tap"]);
  });
});
