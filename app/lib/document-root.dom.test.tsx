import { hydrateRoot } from "react-dom/client";
import { act } from "@testing-library/preact";
import { beforeAll, describe, expect, it } from "vitest";
import { drawDocumentRootAsContents } from "./document-root";

beforeAll(drawDocumentRootAsContents);

describe("taking over a whole document with Preact (decision 023)", () => {
  it("adopts the server's head and body, and their elements, rather than drawing them anew", () => {
    document.documentElement.innerHTML = '<head><title>Home</title></head><body><main><button type="button">Tap</button></main></body>';
    const fromServer = [...document.documentElement.querySelectorAll("*")];
    const taps: string[] = [];
    act(() => {
      hydrateRoot(
        document,
        <html lang="en">
          <head>
            <title>Home</title>
          </head>
          <body>
            <main>
              <button type="button" onClick={() => taps.push("tap")}>
                Tap
              </button>
            </main>
          </body>
        </html>,
      );
    });
    const afterwards = [...document.documentElement.querySelectorAll("*")];
    expect(afterwards).toHaveLength(fromServer.length);
    afterwards.forEach((element, index) => expect(element).toBe(fromServer[index]));
    document.querySelector("button")!.click();
    expect(taps).toEqual(["tap"]);
  });
});
