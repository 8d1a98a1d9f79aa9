import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { drawDocumentRootAsContents } from "#app/lib/document-root.ts";
import { decodeRouterData } from "#app/lib/router-decoding.ts";
import { afterThisTask, takeOverInTurns } from "#app/lib/takeover.ts";
import { drawPartsInTurns } from "#app/lib/takeover-parts.ts";

/*
 * The browser runs Preact's React compatibility layer (decision 023); the server renders with React.
 * The differences between the two are settled here, before the page is taken over.
 */

drawDocumentRootAsContents();

// The router's first render waits for the page's data to be decoded; Preact cannot wait at the root,
// so the data is decoded first.
await decodeRouterData(() => HydratedRouter({}));
// The scripts' evaluation and the data's decoding are a task of their own on a slow phone; the page's root is drawn in the next.
await new Promise<void>((resolve) => afterThisTask(resolve));

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
