import type { ServerBuild } from "react-router";

/** Every page of the route table that takes no parameter, as a URL path ("/", "/about", …). */
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

/**
 * The pages that show the same to every visitor who is not signed in, and change only when staff publish
 * the site's words: no route on their way has a loader but the root's, which reads the contact facts.
 */
export function sharedPagePaths(build: Pick<ServerBuild, "routes">): string[] {
  const routes = build.routes;
  const loadsData = (id: string | undefined): boolean => {
    const route = id ? routes[id] : undefined;
    if (!route) return false;
    return (route.parentId !== undefined && route.module.loader !== undefined) || loadsData(route.parentId);
  };
  const shared = new Set(Object.keys(routes).filter((id) => !loadsData(id)));
  return staticPagePaths({ routes: Object.fromEntries(Object.entries(routes).filter(([id]) => shared.has(id))) });
}
