import { describe, expect, it } from "vitest";
import { sharedPagePaths, staticPagePaths } from "./page-paths";

const loader = () => null;
const route = (id: string, fields: { path?: string; index?: boolean; parentId?: string; module?: { loader?: () => null } }) =>
  [id, { id, module: {}, ...fields }] as const;

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

  it("shares the pages that load nothing but the root's data, and never one under a layout that loads", () => {
    const routes = Object.fromEntries([
      route("root", { path: "", module: { loader } }),
      route("contact", { path: "contact", parentId: "root" }),
      route("docs", { path: "docs", parentId: "root" }),
      route("docs-sdks", { path: "sdks", parentId: "docs" }),
      route("blog", { path: "blog", parentId: "root", module: { loader } }),
      route("admin", { parentId: "root", module: { loader } }),
      route("admin-users", { path: "admin/users", parentId: "admin" }),
      route("withdraw", { path: "careers/withdraw/:token", parentId: "root" }),
    ]);
    expect(sharedPagePaths({ routes } as never).sort()).toEqual(["/contact", "/docs", "/docs/sdks"]);
  });
});
