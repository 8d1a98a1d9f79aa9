// Which pages are rendered per request, read from the route modules themselves: a route module that
// exports a server `loader` needs request-time data, so it is never prerendered. Nothing to keep in step by hand.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import ts from "typescript";

/** Whether the module exports a binding named `loader` (a function declaration, a const, or a re-export). */
export function exportsLoader(source: string, fileName = "route.tsx"): boolean {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  return file.statements.some((statement) => {
    if (ts.isFunctionDeclaration(statement)) return exported(statement) && statement.name?.text === "loader";
    if (ts.isVariableStatement(statement))
      return (
        exported(statement) &&
        statement.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === "loader")
      );
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      return statement.exportClause.elements.some((element) => element.name.text === "loader");
    return false;
  });
}

/**
 * The URL paths (without parameters) of the routes whose module, or a layout's above them, exports a
 * server loader. A layout without a path of its own is no page: its loader makes its children's pages
 * request-time, not the path it sits on.
 */
export function requestTimePaths(routes: RouteConfigEntry[], appDirectory: string, parentPath = "", underLoader = false): Set<string> {
  const paths = new Set<string>();
  for (const route of routes) {
    const routePath = route.index ? parentPath : [parentPath, route.path ?? ""].filter(Boolean).join("/");
    const layout = !route.index && route.path === undefined;
    const loads = underLoader || exportsLoader(readFileSync(path.join(appDirectory, route.file), "utf8"), route.file);
    if (!layout && loads && !routePath.includes(":") && !routePath.includes("*")) paths.add(`/${routePath}`);
    for (const child of requestTimePaths(route.children ?? [], appDirectory, routePath, loads)) paths.add(child);
  }
  return paths;
}
