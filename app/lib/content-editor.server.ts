import { isDeepStrictEqual } from "node:util";
import { data, type AppLoadContext } from "react-router";
import { CONTENT_FORMS, type SiteContentType } from "#contracts/site-content-forms.ts";
import { photoIdsIn, SITE_CONTENT_SCHEMAS, type PhotoSources } from "#contracts/site-content.ts";
import { applyListChange, listChangeOf, readContentForm } from "./content-form";
import { failureStatus } from "./form-action.server";
import { textField } from "./form-fields";

export interface ContentEditorResult {
  notice: { tone: "success" | "error" | "info"; text: string };
  /** The form as posted (and as changed by a list button), when it is not what the server now holds. */
  draft?: Record<string, unknown>;
  errors?: Record<string, string[]>;
  /** Whether the posted text was saved: the form is drawn afresh from the newest revision when it was. */
  saved?: boolean;
  /** The sizes of the photos the draft names, uploaded with this form among them. */
  photos?: PhotoSources;
}

type ApiBody = { message?: string; errors?: Record<string, string[]>; version?: number };

const answer = (result: ContentEditorResult, status = 200) => data<ContentEditorResult>(result, { status });

/** The ending of a photo field's file control ("leaders.0.photo.file"). */
const PHOTO_FILE = ".file";

/**
 * Stores each photo chosen in the form through the content API, and puts its id in the form in place of
 * the file, as if it had been there all along. Answers the refusals by the file control's path, if any.
 */
async function uploadPhotos(context: AppLoadContext, posted: FormData): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {};
  for (const [name, entry] of [...posted.entries()]) {
    if (!name.endsWith(PHOTO_FILE) || typeof entry === "string") continue;
    posted.delete(name);
    if (entry.size === 0) continue;
    const upload = new FormData();
    upload.set("image", entry);
    const reply = await context.api("admin/content/photos/", upload);
    const body = (reply.body ?? {}) as { id?: string; message?: string };
    const photo = name.slice(0, -PHOTO_FILE.length);
    if (reply.status < 400 && body.id) {
      posted.set(`${photo}.id`, body.id);
      posted.delete(`${photo}.remove`);
    } else errors[name] = [body.message ?? "The photo could not be stored. Try again."];
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * The editor's form, posted with or without the script (decision 029): a list button changes the form and
 * shows it again, unsaved; saving, publishing and scheduling go through the content API, which checks the
 * draft and the version and audits the change. A refused form comes back as typed, nothing lost.
 */
export async function contentEditorAction(request: Request, context: AppLoadContext, type: SiteContentType) {
  const posted = await request.formData();
  const intent = textField(posted, "intent") || "save";
  const version = Number(textField(posted, "version"));
  const { fields } = CONTENT_FORMS[type];
  // Photos go to the media library first, whatever the button: a file chosen is never asked for twice.
  const uploadErrors = await uploadPhotos(context, posted);
  const draft = readContentForm(fields, posted);
  const photos = await context.services.media.sources(photoIdsIn(draft));
  if (uploadErrors) return answer({ notice: { tone: "error", text: Object.values(uploadErrors)[0]![0]! }, draft, errors: uploadErrors, photos }, 400);

  const change = listChangeOf(intent);
  if (change) {
    const said = applyListChange(fields, draft, change);
    return answer({
      notice: { tone: "info", text: said ? `${said} Not saved yet: save the draft to keep this change.` : "That change does not apply to this form." },
      draft,
      photos,
    });
  }

  const call = async (path: string, payload: Record<string, unknown>) => {
    const reply = await context.api(`admin/content/${type}/${path}`, payload);
    return { status: reply.status, body: (reply.body ?? {}) as ApiBody };
  };
  const refused = (reply: { status: number; body: ApiBody }) =>
    answer(
      { notice: { tone: "error", text: reply.body.message ?? "The change was not saved. Try again." }, draft, errors: reply.body.errors, photos },
      failureStatus(reply.status),
    );

  if (intent === "unschedule") {
    const reply = await call("unschedule/", { version });
    return reply.status < 400 ? answer({ notice: { tone: "success", text: reply.body.message! } }) : refused(reply);
  }
  if (intent !== "save" && intent !== "publish" && intent !== "schedule")
    return answer({ notice: { tone: "error", text: "Choose what to do with the draft." }, draft }, 400);

  // Publishing the form as it stands: saved first when it differs from the newest revision.
  const newest = await context.services.siteContent.newest(type);
  const parsed = SITE_CONTENT_SCHEMAS[type].safeParse(draft);
  // The database keeps a body's keys in an order of its own: compared as values.
  const unchanged = parsed.success && isDeepStrictEqual(parsed.data, newest);
  let current = version;
  let savedMessage = "";
  if (intent === "save" || !unchanged) {
    const saved = await call("drafts/", { version, value: draft });
    if (saved.status >= 400) return refused(saved);
    current = saved.body.version!;
    savedMessage = saved.body.message!;
    if (intent === "save") return answer({ notice: { tone: "success", text: savedMessage }, saved: true });
  }
  const at = intent === "schedule" ? textField(posted, "at") : undefined;
  if (intent === "schedule" && !at)
    return answer(
      {
        notice: { tone: "error", text: "Choose the date and time to publish at." },
        errors: { at: ["Choose the date and time to publish at."] },
        saved: Boolean(savedMessage),
      },
      400,
    );
  const published = await call("publish/", { version: current, ...(at ? { at } : {}) });
  if (published.status >= 400)
    return answer(
      { notice: { tone: "error", text: published.body.message ?? "Not published. Try again." }, errors: published.body.errors, saved: Boolean(savedMessage) },
      failureStatus(published.status),
    );
  return answer({ notice: { tone: "success", text: published.body.message! }, saved: true });
}
