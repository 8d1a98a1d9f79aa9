import { useState } from "react";
import { useRevalidator } from "react-router";
import { POST_FEATURED, PostListQuerySchema } from "#contracts/admin-business.ts";
import type { AdminCategory, AdminPost } from "#contracts/blog-admin.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { ListFilters, LoadingNotice } from "#app/components/admin/ListControls.tsx";
import { PostForm } from "#app/components/admin/PostForm.tsx";
import { PostsTable } from "#app/components/admin/PostsTable.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { postManagementCopy as copy } from "#app/content/admin.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import type { Route } from "./+types/postblog";

export const meta = () => adminPageMeta(copy.heading);

/** The screen's first posts and categories come with the page, like every admin list's, so it can be searched and paged from its address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "posts");
  const query = listQuery(PostListQuerySchema, request);
  const [list, categories] = await Promise.all([context.services.blog.adminPostsPage(query), context.services.blog.listCategories()]);
  return { query, list, categories };
}

/** The spec's Blog Post Management screen: the form above, the existing posts below. */
export default function PostManagement({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const revalidator = useRevalidator();
  // Categories added here show at once in the form; the list of posts is read again after each change.
  const [categories, setCategories] = useState<AdminCategory[]>(loaderData.categories);
  const [editing, setEditing] = useState<AdminPost>();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  // A new key gives a fresh, empty form after a save or cancel.
  const [formKey, setFormKey] = useState(0);

  const resetForm = () => {
    setEditing(undefined);
    setFormKey((key) => key + 1);
  };

  async function onSaved() {
    await revalidator.revalidate();
    setNotice({ tone: "success", text: copy.saved });
    resetForm();
  }

  async function onDelete(post: AdminPost) {
    if (!window.confirm(copy.confirmDelete)) return;
    try {
      await apiRequest(`posts/${post.id}/`, { method: "DELETE" });
      await revalidator.revalidate();
      if (editing?.id === post.id) resetForm();
      setNotice({ tone: "success", text: copy.deleted });
    } catch (error) {
      console.error("Deleting the post failed", error);
      setNotice({ tone: "error", text: error instanceof Error ? error.message : "The post was not deleted." });
    }
  }

  function onEdit(post: AdminPost) {
    setEditing(post);
    setFormKey((key) => key + 1);
    window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }

  return (
    <AdminShell title={copy.heading}>
      {notice && (
        <Alert tone={notice.tone} className="mb-6" onDismiss={() => setNotice(undefined)}>
          {notice.text}
        </Alert>
      )}
      <PostForm
        key={formKey}
        editing={editing}
        categories={categories}
        onCategoryAdded={(category) => setCategories((all) => [...all, category])}
        onSaved={onSaved}
        onCancel={resetForm}
      />
      <PostsTable
        list={list}
        categories={categories}
        onEdit={onEdit}
        onDelete={onDelete}
        controls={
          <>
            <ListFilters
              search={{ value: query.q ?? "", hint: copy.searchHint }}
              sort={{ value: query.sort, options: copy.sorts }}
              filters={[
                {
                  name: "category",
                  label: copy.categoryFilter,
                  value: query.category ? String(query.category) : "",
                  options: categories.map((category) => ({ value: String(category.id), label: category.name })),
                },
                {
                  name: "featured",
                  label: copy.featuredFilter,
                  value: query.featured ?? "",
                  options: POST_FEATURED.map((value) => ({ value, label: copy.featuredChoices[value] })),
                },
              ]}
            />
            <LoadingNotice />
          </>
        }
      />
    </AdminShell>
  );
}
