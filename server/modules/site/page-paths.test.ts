import { describe, expect, it } from "vitest";
import { staticPagePaths } from "./page-paths";

const route = (id: string, fields: { path?: string; index?: boolean; parentId?: string }) => [id, { id, module: {}, ...fields }] as const;

describe("the pages of the route table", () => {
  it("joins nested paths, keeps index pages, and leaves out parameters and the catch-all", () => {
    const routes = Object.fromEntries([
      route("root", { path: "" }),
      route("home", { index: true, parentId: "root" }),
      route("about", { path: "about", parentId: "root" }),
      route("docs", { path: "docs", parentId: "root" }),
      route("docs-index", { index: true, parentId: "docs" }),
      route("docs-sdks", { path: "sdks", parentId: "docs" }),
      route("post", { path: "blog/:id", parentId: "root" }),
      route("missing", { path: "*", parentId: "root" }),
    ]);
    expect(staticPagePaths({ routes } as never).sort()).toEqual(["/", "/about", "/docs", "/docs/sdks"]);
  });
});
