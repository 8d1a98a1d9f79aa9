import { Fragment, options } from "preact";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { takeOverInTurns } from "~/lib/takeover";
import { drawPartsInTurns } from "~/lib/takeover-parts";

/*
 * The browser runs Preact's React compatibility layer (decision 023); the server renders with React.
 * The differences between the two are settled here, before the page is taken over.
 */

// Preact renders into the document's root element, so the layout's own <html> is drawn as its contents.
const nextVnodeHook = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  nextVnodeHook?.(vnode);
};

// The router's first render waits for the page's data to be decoded; Preact cannot wait at the root,
// so the data is decoded first (the router's first call starts it and hands back the promise).
try {
  HydratedRouter({});
} catch (decoding) {
  if (!(decoding instanceof Promise)) throw decoding;
  await decoding;
}

// One section, header or footer per task, so that a phone answers a tap between any two.
drawPartsInTurns();
takeOverInTurns();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
