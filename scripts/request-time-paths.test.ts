import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { exportsLoader, requestTimePaths } from "./request-time-paths";

describe("pages rendered per request", () => {
  it("recognises every way a module can export a loader, and nothing else", () => {
    expect(exportsLoader("export async function loader() {}")).toBe(true);
    expect(exportsLoader("export const loader = async () => null;")).toBe(true);
    expect(exportsLoader("async function load() {}\nexport { load as loader };")).toBe(true);
    expect(exportsLoader("export function clientLoader() {}\nconst loader = 1;")).toBe(false);
    expect(exportsLoader("// export async function loader() {}\nexport default function Page() { return null; }")).toBe(false);
  });

  it("are exactly the static routes whose module exports a loader", async () => {
    const paths = requestTimePaths(await routes, "app");
    // The home, about, service and pricing pages show staff's words as published (the content area).
    for (const path of ["/", "/about", "/services/ai", "/pricing", "/blog", "/careers", "/dashboard", "/adminPanel", "/postblog", "/email-sent-success"])
      expect(paths).toContain(path);
    for (const path of ["/contact", "/login", "/support"]) expect(paths).not.toContain(path);
    // A parameterised path is never prerendered anyway.
    expect([...paths].some((path) => path.includes(":"))).toBe(false);
    expect(readdirSync("app/routes").length).toBeGreaterThan(paths.size);
  });

  it("take a pathless layout's loader to its children's pages, not to the path it sits on", () => {
    const paths = requestTimePaths(
      [
        { id: "layout", file: "routes/admin-layout.tsx", children: [{ id: "about", path: "about", file: "routes/about.tsx" }] },
        { id: "contact", index: true, file: "routes/contact.tsx" },
      ],
      "app",
    );
    expect([...paths]).toEqual(["/about"]);
  });
});
