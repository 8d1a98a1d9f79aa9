import type { ServerBuild } from "react-router";

/** Every page of the route table that takes no parameter, as a URL path ("/", "/about", …), prerendered or not. */
export function staticPagePaths(build: Pick<ServerBuild, "routes">): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string | undefined => {
    const route = routes[id];
    if (!route) return undefined;
    const own = route.index ? "" : (route.path ?? "");
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return parent === undefined ? undefined : [parent, own].filter(Boolean).join("/");
  };
  const paths = Object.keys(routes)
    .filter((id) => routes[id]?.index || routes[id]?.path)
    .map(fullPath)
    .filter((path): path is string => path !== undefined && !/[:*]/.test(path))
    .map((path) => `/${path}`);
  return [...new Set(paths)];
}
