import type { ReactNode } from "react";
import type { Page } from "#contracts/admin-business.ts";
import type { AdminCategory, AdminPost } from "#contracts/blog-admin.ts";
import { postManagementCopy as copy } from "#app/content/admin.ts";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { stackedTable, tableBoxClass } from "./AdminTable";
import { Pager } from "./ListControls";

const EXCERPT_PREVIEW = 50;
const POST_COLUMNS = ["Title", "Categories", "Featured", "Actions"];

/** The posts of one page of the list, under the list's search and filters (`controls`), with its pager. */
export function PostsTable({
  list,
  controls,
  categories,
  onEdit,
  onDelete,
}: {
  list: Page<AdminPost>;
  controls: ReactNode;
  categories: AdminCategory[];
  onEdit: (post: AdminPost) => void;
  onDelete: (post: AdminPost) => void;
}) {
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const table = stackedTable(POST_COLUMNS);
  return (
    <section aria-labelledby="existing-posts" className="mt-12">
      <h2 id="existing-posts" className="text-xl font-bold">
        {copy.existing}
      </h2>
      <div className="mt-4">{controls}</div>
      {list.results.length === 0 ? (
        <p className="mt-4 text-ink-700">{copy.empty}</p>
      ) : (
        <div className={`${tableBoxClass} overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100`}>
          <table className={`${table.className} w-full text-left text-sm`} style={table.style}>
            <thead className="bg-surface text-xs tracking-wider text-ink-700 uppercase">
              <tr>
                {POST_COLUMNS.map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {list.results.map((post) => (
                <tr key={post.id}>
                  <td className="max-w-md px-4 py-3">
                    <span className="block font-semibold text-ink-900">{post.title}</span>
                    <span className="block text-ink-700">{post.excerpt.slice(0, EXCERPT_PREVIEW)}...</span>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1">
                      {post.categories.map((id) => (
                        <Badge key={id} tone="info">
                          {names.get(id) ?? copy.unknownCategory}
                        </Badge>
                      ))}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone={post.featured ? "success" : "neutral"}>{post.featured ? "Yes" : "No"}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.results.length > 0 && <Pager page={list} />}
    </section>
  );
}
