/**
 * React Router's `HydratedRouter` suspends at the root while it decodes the page's streamed data, which
 * Preact cannot do (decision 023). Its first call starts the decoding and throws the promise of it; the
 * page is taken over once that promise has settled. If an upgrade changes this, the takeover stops here,
 * loudly, rather than hydrating a page without its data.
 */
export async function decodeRouterData(firstCall: () => unknown): Promise<void> {
  try {
    firstCall();
  } catch (decoding) {
    if (!(decoding instanceof Promise)) throw decoding;
    await decoding;
    return;
  }
  throw new Error("React Router's HydratedRouter no longer hands back the promise of its data on its first call; see decision 023 before upgrading.");
}
