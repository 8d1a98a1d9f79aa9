import { ImagePlus, X } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from "react";
import { DEFAULT_READ_TIME, EXCERPT_MAX, postFormErrors, postFormMessages, type AdminCategory, type AdminPost } from "#contracts/blog-admin.ts";
import { postManagementCopy as copy } from "#app/content/admin.ts";
import { ApiError, apiRequest } from "#app/lib/api/client.ts";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";

// The markdown renderer is large: in the browser it loads only when the preview is opened. The server never
// draws the preview (it opens on a click), and its build is one file where a dynamic import splits nothing.
const PostContent = import.meta.env.SSR ? () => null : lazy(() => import("../blog/PostContent").then((module) => ({ default: module.PostContent })));

interface Values {
  title: string;
  excerpt: string;
  content: string;
  categories: number[];
  read_time: string;
  featured: boolean;
}

type FieldName = keyof Values | "featured_image";

const emptyValues: Values = { title: "", excerpt: "", content: "", categories: [], read_time: String(DEFAULT_READ_TIME), featured: false };

const valuesOf = (post: AdminPost): Values => ({
  title: post.title,
  excerpt: post.excerpt,
  content: post.content,
  categories: post.categories,
  read_time: String(post.read_time),
  featured: post.featured,
});

interface PostFormProps {
  /** The post being edited; none while creating. */
  editing?: AdminPost;
  categories: AdminCategory[];
  onCategoryAdded: (category: AdminCategory) => void;
  onSaved: (post: AdminPost, mode: "create" | "edit") => void;
  onCancel: () => void;
}

export function PostForm({ editing, categories, onCategoryAdded, onSaved, onCancel }: PostFormProps) {
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : emptyValues);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [file, setFile] = useState<File>();
  const [keptImage, setKeptImage] = useState<string | null>(editing?.featured_image ?? null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [newCategory, setNewCategory] = useState("");
  const [categoryError, setCategoryError] = useState<string>();

  const filePreview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => void (filePreview && URL.revokeObjectURL(filePreview)), [filePreview]);
  const preview = filePreview ?? keptImage ?? undefined;

  const errors: Partial<Record<FieldName, string>> = {
    ...postFormErrors(values),
    ...(!editing && !file ? { featured_image: postFormMessages.image } : {}),
    ...serverErrors,
  };
  const shown = (field: FieldName) => (touched[field] ? errors[field] : undefined);
  const touch = (field: FieldName) => setTouched((all) => ({ ...all, [field]: true }));
  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((all) => ({ ...all, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  async function addCategory() {
    setCategoryError(undefined);
    try {
      const category = await apiRequest<AdminCategory>("categories/", { method: "POST", body: { name: newCategory } });
      onCategoryAdded(category);
      change("categories", [...values.categories, category.id]);
      setNewCategory("");
    } catch (error) {
      setCategoryError(error instanceof Error ? error.message : "The category was not added.");
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ title: true, excerpt: true, content: true, categories: true, read_time: true, featured_image: true });
    if (Object.keys(errors).length > 0) return;
    const form = new FormData();
    form.append("title", values.title);
    form.append("excerpt", values.excerpt);
    form.append("content", values.content);
    form.append("read_time", values.read_time);
    form.append("featured", String(values.featured));
    for (const id of values.categories) form.append("categories", String(id));
    if (file) form.append("featured_image", file);
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = editing
        ? await apiRequest<AdminPost>(`posts/${editing.id}/`, { method: "PATCH", body: form })
        : await apiRequest<AdminPost>("posts/", { method: "POST", body: form });
      onSaved(saved, editing ? "edit" : "create");
    } catch (error) {
      console.error("Saving the post failed", error);
      const fields = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> })?.errors : undefined;
      if (fields) setServerErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0]])));
      setFailure(error instanceof Error ? error.message : "The post was not saved.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8" aria-labelledby="post-form-title">
      <h2 id="post-form-title" className="text-xl font-bold">
        {editing ? copy.editHeading : copy.createHeading}
      </h2>
      {failure && (
        <Alert tone="error" className="mt-4" onDismiss={() => setFailure(undefined)}>
          {failure}
        </Alert>
      )}
      <div className="mt-6 grid gap-6">
        <Field
          label={copy.title}
          name="title"
          value={values.title}
          required
          error={shown("title")}
          onChange={(e) => change("title", e.target.value)}
          onBlur={() => touch("title")}
        />
        <Field
          as="textarea"
          label={copy.excerpt}
          hint={`${copy.excerptHint} (${values.excerpt.length}/${EXCERPT_MAX})`}
          name="excerpt"
          rows={3}
          value={values.excerpt}
          required
          error={shown("excerpt")}
          onChange={(e) => change("excerpt", e.target.value)}
          onBlur={() => touch("excerpt")}
        />

        <fieldset aria-describedby={shown("categories") ? "categories-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink-900">
            {copy.categories}
            <span className="text-crimson-600" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            {categories.map((category) => (
              <label key={category.id} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-crimson-600"
                  checked={values.categories.includes(category.id)}
                  onChange={(e) => {
                    touch("categories");
                    change("categories", e.target.checked ? [...values.categories, category.id] : values.categories.filter((id) => id !== category.id));
                  }}
                />
                {category.name}
              </label>
            ))}
          </div>
          {shown("categories") && (
            <p id="categories-error" className="mt-1.5 text-sm text-red-700">
              {shown("categories")}
            </p>
          )}
          <div className="mt-3 flex items-end gap-2">
            <Field
              label={copy.newCategory}
              name="new-category"
              value={newCategory}
              error={categoryError}
              onChange={(e) => setNewCategory(e.target.value)}
              className="max-w-xs flex-1"
            />
            <Button variant="secondary" onClick={addCategory} disabled={!newCategory.trim()} className="mb-0.5">
              {copy.addCategory}
            </Button>
          </div>
        </fieldset>

        <div>
          <span id="image-label" className="mb-1.5 block text-sm font-medium text-ink-900">
            {copy.image}
            {!editing && (
              <span className="text-crimson-600" aria-hidden="true">
                {" "}
                *
              </span>
            )}
          </span>
          {preview ? (
            <div className="relative inline-block">
              <img src={preview} alt="Preview of the chosen cover" width={320} height={180} className="h-45 w-80 rounded-xl object-cover ring-1 ring-ink-100" />
              <button
                type="button"
                onClick={() => {
                  setFile(undefined);
                  setKeptImage(null);
                  touch("featured_image");
                }}
                className="absolute top-2 right-2 rounded-full bg-white/90 p-1.5 text-ink-900 shadow hover:bg-white"
                aria-label={copy.removeImage}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          ) : (
            <label className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink-200 px-6 py-10 text-center text-sm text-ink-700 transition-colors hover:border-indigo-500 hover:bg-surface focus-within:border-indigo-600">
              <ImagePlus className="size-8 text-indigo-600" aria-hidden="true" />
              <span className="font-semibold text-ink-900">{copy.imageCta}</span>
              <span>{copy.imageHint}</span>
              <input
                type="file"
                name="featured_image"
                accept="image/*"
                aria-labelledby="image-label"
                aria-describedby={shown("featured_image") ? "image-error" : undefined}
                className="sr-only"
                onChange={(e) => {
                  touch("featured_image");
                  setServerErrors(({ featured_image: _dropped, ...rest }) => rest);
                  setFile(e.target.files?.[0]);
                }}
              />
            </label>
          )}
          {shown("featured_image") && (
            <p id="image-error" className="mt-1.5 text-sm text-red-700">
              {shown("featured_image")}
            </p>
          )}
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <Field
            label={copy.readTime}
            name="read_time"
            type="number"
            min={1}
            inputMode="numeric"
            value={values.read_time}
            required
            error={shown("read_time")}
            onChange={(e) => change("read_time", e.target.value)}
            onBlur={() => touch("read_time")}
          />
          <label className="inline-flex items-center gap-2 self-end pb-3 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-crimson-600" checked={values.featured} onChange={(e) => change("featured", e.target.checked)} />
            {copy.featured}
          </label>
        </div>

        <div>
          <div className={previewing ? "grid gap-6 lg:grid-cols-2" : ""}>
            <Field
              as="textarea"
              label={copy.content}
              hint={copy.contentHint}
              name="content"
              rows={16}
              value={values.content}
              required
              error={shown("content")}
              onChange={(e) => change("content", e.target.value)}
              onBlur={() => touch("content")}
              className="[&_textarea]:font-mono [&_textarea]:text-sm"
            />
            {previewing && (
              <section aria-label={copy.preview} className="max-h-[32rem] overflow-y-auto rounded-xl bg-surface p-5 ring-1 ring-ink-100">
                <Suspense fallback={<p>{copy.loading}</p>}>
                  <PostContent markdown={values.content} />
                </Suspense>
              </section>
            )}
          </div>
          <Button variant="ghost" size="sm" className="mt-2" aria-expanded={previewing} onClick={() => setPreviewing((open) => !open)}>
            {previewing ? copy.hidePreview : copy.preview}
          </Button>
        </div>
      </div>

      <div className="mt-8 flex gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? copy.saving : copy.save}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={onCancel}>
            {copy.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
