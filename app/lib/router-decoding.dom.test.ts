import { HydratedRouter } from "react-router/dom";
import { describe, expect, it } from "vitest";
import { decodeRouterData } from "./router-decoding";

/** What a page from the server gives the browser: the router's context with the page's data as a stream, its manifest and route modules. */
function pageGlobals() {
  const context = {
    basename: "/",
    future: {},
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    ssr: true,
    isSpaMode: false,
    // The data of a page whose routes load nothing, as React Router's server writes it.
    stream: new ReadableStream<string>({
      start(controller) {
        controller.enqueue('[{"_1":2,"_3":-5,"_4":-5},"loaderData",{},"actionData","errors"]\n');
        controller.close();
      },
    }).pipeThrough(new TextEncoderStream()),
    state: undefined as unknown,
  };
  Object.assign(window, {
    __reactRouterContext: context,
    __reactRouterManifest: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      url: "/assets/manifest.js",
      version: "test",
      routes: { root: { id: "root", path: "", hasLoader: false, hasAction: false, hasClientLoader: false, module: "/assets/root.js" } },
    },
    __reactRouterRouteModules: { root: { default: () => null } },
  });
  return context;
}

describe("decoding the page's data before the takeover (decision 023)", () => {
  it("gets the decoding promise from the router's first call, and the page's data once it settles", async () => {
    const context = pageGlobals();
    await decodeRouterData(() => HydratedRouter({}));
    expect(context.state).toMatchObject({ loaderData: {} });
  });

  it("stops the takeover loudly when the router's first call no longer hands back a promise", async () => {
    await expect(decodeRouterData(() => null)).rejects.toThrow(/no longer hands back the promise/);
    await expect(
      decodeRouterData(() => {
        throw new Error("router failed");
      }),
    ).rejects.toThrow("router failed");
  });
});
