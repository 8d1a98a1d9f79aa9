import { useEffect, useState } from "react";
import type { AdminCategory, AdminPost } from "@contracts/blog-admin";
import { AdminShell } from "~/components/admin/AdminShell";
import { PostForm } from "~/components/admin/PostForm";
import { PostsTable } from "~/components/admin/PostsTable";
import { Alert } from "~/components/ui/Alert";
import { postManagementCopy as copy } from "~/content/admin";
import { adminPageMeta, requireAdminPage } from "~/lib/admin-session";
import { apiRequest } from "~/lib/api/client";
import type { Route } from "./+types/postblog";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "posts");
  return { username: admin.username };
}

/** The spec's Blog Post Management screen: the form above, the existing posts below. */
export default function PostManagement({ loaderData }: Route.ComponentProps) {
  const [posts, setPosts] = useState<AdminPost[]>([]);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminPost>();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  // A new key gives a fresh, empty form after a save or cancel.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    Promise.all([apiRequest<AdminPost[]>("posts/"), apiRequest<AdminCategory[]>("categories/")])
      .then(([loadedPosts, loadedCategories]) => {
        setPosts(loadedPosts);
        setCategories(loadedCategories);
      })
      .catch((error) => {
        console.error("Loading posts failed", error);
        setNotice({ tone: "error", text: error instanceof Error ? error.message : "The posts could not be loaded." });
      })
      .finally(() => setLoading(false));
  }, []);

  const resetForm = () => {
    setEditing(undefined);
    setFormKey((key) => key + 1);
  };

  function onSaved(post: AdminPost, mode: "create" | "edit") {
    setPosts((all) => (mode === "create" ? [...all, post] : all.map((existing) => (existing.id === post.id ? post : existing))));
    setNotice({ tone: "success", text: copy.saved });
    resetForm();
  }

  async function onDelete(post: AdminPost) {
    if (!window.confirm(copy.confirmDelete)) return;
    try {
      await apiRequest(`posts/${post.id}/`, { method: "DELETE" });
      setPosts((all) => all.filter((existing) => existing.id !== post.id));
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
    <AdminShell title={copy.heading} username={loaderData.username}>
      {notice && (
        <Alert tone={notice.tone} className="mb-6" onDismiss={() => setNotice(undefined)}>
          {notice.text}
        </Alert>
      )}
      {loading ? (
        <p role="status">{copy.loading}</p>
      ) : (
        <>
          <PostForm
            key={formKey}
            editing={editing}
            categories={categories}
            onCategoryAdded={(category) => setCategories((all) => [...all, category])}
            onSaved={onSaved}
            onCancel={resetForm}
          />
          <PostsTable posts={posts} categories={categories} onEdit={onEdit} onDelete={onDelete} />
        </>
      )}
    </AdminShell>
  );
}
