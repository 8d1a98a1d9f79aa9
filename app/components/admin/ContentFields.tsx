import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ContentField } from "#contracts/site-content-forms.ts";
import type { PhotoSources } from "#contracts/site-content.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { contentCopy as copy } from "#app/content/admin-content.ts";
import { fieldPath } from "#app/lib/content-form.ts";

type Errors = Record<string, string[]>;
type Value = Record<string, unknown>;

/** The id of a field's control, from its path: what the error summary links to. */
export const contentFieldId = (path: string) => `content-${path.replace(/\./g, "-")}`;

const asText = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

const smallButton = "inline-flex items-center gap-1.5";

/** One item of a list, in a fieldset of its own, with the buttons that move and remove it. */
function ListItem({
  field,
  path,
  index,
  count,
  value,
  errors,
  within,
  photos,
}: {
  field: Extract<ContentField, { kind: "list" }>;
  path: string;
  index: number;
  count: number;
  value: Value;
  errors: Errors;
  within?: string;
  photos: PhotoSources;
}) {
  const itemPath = `${path}.${index}`;
  const n = index + 1;
  const item = `${field.itemLabel} ${n}`;
  return (
    <fieldset className="min-w-0 rounded-xl bg-surface p-4 ring-1 ring-ink-100 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-ink-900">{copy.itemLegend(field.itemLabel, n, asText(value[field.titleField]))}</legend>
      <ContentFields fields={field.fields} value={value} errors={errors} parent={itemPath} within={within ? `${item} of ${within}` : item} photos={photos} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value={`up:${itemPath}`}
          variant="secondary"
          size="sm"
          disabled={index === 0}
          className={smallButton}
          formNoValidate
        >
          <ArrowUp className="size-4" aria-hidden="true" />
          {copy.moveUp(field.itemLabel, n, within)}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={`down:${itemPath}`}
          variant="secondary"
          size="sm"
          disabled={index === count - 1}
          className={smallButton}
          formNoValidate
        >
          <ArrowDown className="size-4" aria-hidden="true" />
          {copy.moveDown(field.itemLabel, n, within)}
        </Button>
        <Button type="submit" name="intent" value={`remove:${itemPath}`} variant="ghost" size="sm" className={smallButton} formNoValidate>
          <Trash2 className="size-4" aria-hidden="true" />
          {copy.removeItem(field.itemLabel, n, within)}
        </Button>
      </div>
    </fieldset>
  );
}

/** The accepted pictures, as the media library reads them from their bytes. */
const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** A photo field: the photo kept (its id rides along hidden), a file to replace it, and its required description. */
function PhotoField({
  field,
  path,
  value,
  errors,
  photos,
}: {
  field: Extract<ContentField, { kind: "image" }>;
  path: string;
  value: unknown;
  errors: Errors;
  photos: PhotoSources;
}) {
  const photo = value && typeof value === "object" ? (value as { id?: unknown; alt?: unknown }) : undefined;
  const id = typeof photo?.id === "string" ? photo.id : "";
  const shown = id ? photos[id] : undefined;
  const error = (name: string) => errors[`${path}.${name}`]?.[0];
  return (
    <fieldset id={contentFieldId(path)} tabIndex={-1} className="min-w-0 space-y-3">
      <legend className="mb-2 text-sm font-semibold text-ink-900">{field.label}</legend>
      {field.hint && <p className="text-sm text-ink-700">{field.hint}</p>}
      {id ? (
        <div className="flex flex-wrap items-center gap-4">
          {shown && (
            <img
              src={shown.src}
              srcSet={shown.srcSet}
              sizes="80px"
              width={80}
              height={80}
              alt={copy.currentPhoto(field.label)}
              className="size-20 rounded-full object-cover ring-1 ring-ink-100"
            />
          )}
          <input type="hidden" name={`${path}.id`} value={id} />
          <label className="inline-flex items-center gap-2 text-sm text-ink-900">
            <input type="checkbox" name={`${path}.remove`} className="size-4" />
            {copy.removePhoto(field.label)}
          </label>
        </div>
      ) : (
        <p className="text-sm text-ink-700">{copy.noPhoto}</p>
      )}
      {error("id") && <p className="text-sm text-red-700">{error("id")}</p>}
      <Field
        id={contentFieldId(`${path}.file`)}
        type="file"
        accept={PHOTO_TYPES}
        label={copy.uploadPhoto(field.label, Boolean(id))}
        name={`${path}.file`}
        error={error("file")}
      />
      <Field
        id={contentFieldId(`${path}.alt`)}
        label={copy.photoAlt}
        hint={copy.photoAltHint}
        name={`${path}.alt`}
        defaultValue={asText(photo?.alt)}
        error={error("alt")}
      />
    </fieldset>
  );
}

/**
 * An editor form's fields, drawn from the content type's description: each control named by its path,
 * filled with `value`, and its refusal beside it. Lists offer add, move and remove as submit buttons, so
 * they work without the script; the change shows at once and is kept once the draft is saved.
 */
export function ContentFields({
  fields,
  value,
  errors,
  parent = "",
  within,
  photos,
}: {
  fields: readonly ContentField[];
  value: Value;
  errors: Errors;
  parent?: string;
  /** The item these fields belong to ("Group 2"), which names their lists' buttons apart from the other items'. */
  within?: string;
  /** The sizes of the photos the value names, to show them. */
  photos: PhotoSources;
}) {
  return (
    <div className="space-y-5">
      {fields.map((field) => {
        const path = fieldPath(parent, field.name);
        const error = errors[path]?.[0];
        const id = contentFieldId(path);
        switch (field.kind) {
          case "text":
            return <Field key={path} id={id} label={field.label} hint={field.hint} name={path} defaultValue={asText(value[field.name])} error={error} />;
          case "paragraph":
          case "markdown":
            return (
              <Field
                key={path}
                id={id}
                as="textarea"
                rows={field.kind === "markdown" ? 6 : 4}
                label={field.label}
                hint={field.kind === "markdown" ? [field.hint, copy.markdownHint].filter(Boolean).join(" ") : field.hint}
                name={path}
                defaultValue={asText(value[field.name])}
                error={error}
              />
            );
          case "number":
            return (
              <Field
                key={path}
                id={id}
                type="number"
                min={field.min}
                max={field.max}
                step={field.step}
                label={field.label}
                name={path}
                defaultValue={asText(value[field.name])}
                error={error}
                className="max-w-40"
              />
            );
          case "choice":
            return (
              <Field key={path} id={id} as="select" label={field.label} name={path} defaultValue={asText(value[field.name])} error={error} className="max-w-xs">
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Field>
            );
          case "lines":
          case "paragraphs": {
            const between = field.kind === "lines" ? "\n" : "\n\n";
            const text = Array.isArray(value[field.name]) ? (value[field.name] as unknown[]).map(asText).join(between) : "";
            return (
              <Field
                key={path}
                id={id}
                as="textarea"
                rows={field.kind === "lines" ? 5 : 8}
                label={field.label}
                hint={field.hint}
                name={path}
                defaultValue={text}
                error={error}
              />
            );
          }
          case "date":
            return (
              <Field
                key={path}
                id={id}
                type="date"
                label={field.label}
                hint={field.hint}
                name={path}
                defaultValue={asText(value[field.name])}
                error={error}
                className="max-w-xs"
              />
            );
          case "image":
            return <PhotoField key={path} field={field} path={path} value={value[field.name]} errors={errors} photos={photos} />;
          case "group":
            return (
              <fieldset key={path} className="min-w-0 space-y-4">
                <legend className="mb-3 text-base font-semibold text-ink-900">{field.label}</legend>
                <ContentFields fields={field.fields} value={(value[field.name] ?? {}) as Value} errors={errors} parent={path} within={within} photos={photos} />
              </fieldset>
            );
          case "list": {
            const items = Array.isArray(value[field.name]) ? (value[field.name] as Value[]) : [];
            return (
              <fieldset key={path} id={id} tabIndex={-1} className="min-w-0 space-y-4">
                <legend className="mb-3 text-base font-semibold text-ink-900">{field.label}</legend>
                {error && <p className="text-sm text-red-700">{error}</p>}
                {items.length === 0 && <p className="text-sm text-ink-700">{copy.listEmpty(field.label)}</p>}
                {items.map((item, index) => (
                  <ListItem
                    key={`${path}.${index}`}
                    field={field}
                    path={path}
                    index={index}
                    count={items.length}
                    value={item}
                    errors={errors}
                    within={within}
                    photos={photos}
                  />
                ))}
                <Button type="submit" name="intent" value={`add:${path}`} variant="secondary" size="sm" className={smallButton} formNoValidate>
                  <Plus className="size-4" aria-hidden="true" />
                  {copy.addItem(field.itemLabel, within)}
                </Button>
              </fieldset>
            );
          }
        }
      })}
    </div>
  );
}
