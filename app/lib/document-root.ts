import { Fragment, options } from "preact";

/**
 * Preact takes a document over from its root element, so the layout's own `<html>` is drawn as its
 * contents (decision 023): without this, Preact would look for an `<html>` inside `<html>` and draw the
 * page anew instead of adopting the server's.
 */
export function drawDocumentRootAsContents() {
  const nextVnodeHook = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === "html") vnode.type = Fragment;
    nextVnodeHook?.(vnode);
  };
}
