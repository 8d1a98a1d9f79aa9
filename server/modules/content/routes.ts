import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { kathmanduTime } from "#app/lib/dates.ts";
import { SITE_CONTENT_TYPES } from "#contracts/site-content-forms.ts";
import { ContentDraftSchema, ContentExportSchema, ContentPublishSchema, ContentRestoreSchema } from "#contracts/site-content.ts";
import { HttpError } from "../../http/errors";
import { readMultipart } from "../../http/multipart";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import { MAX_IMAGE_BYTES, type MediaService } from "../media/service";
import type { SiteContentService } from "./service";

const TypeParams = z.object({ type: z.enum(SITE_CONTENT_TYPES, "No such content type.") });
const RevisionParams = TypeParams.extend({ number: z.coerce.number().int().min(1).max(1_000_000) });
/** A whole site's content with its history is a few hundred kilobytes; room for years of revisions. */
const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

/** The site's words in the admin (decision 068): for owners and editors, each change audited. */
export const siteContentRoutes: FastifyPluginAsyncZod<{ content: SiteContentService; media: MediaService; admin: AdminService; production: boolean }> = async (
  app,
  options,
) => {
  const { content, media } = options;
  app.addHook("onRequest", requireAdmin(options.admin, app.csrf, options.production, "content"));
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get("/api/admin/content/", async () => ({ results: await content.overview() }));

  app.get("/api/admin/content/export/", async (_request, reply) => {
    const file = await content.exportAll();
    return reply.header("content-disposition", `attachment; filename="site-content-${file.exportedAt.slice(0, 10)}.json"`).send(file);
  });

  app.post("/api/admin/content/import/", { schema: { body: ContentExportSchema }, bodyLimit: IMPORT_LIMIT_BYTES }, async (request) => {
    const { imported } = await content.importAll(request.body, request.admin!);
    return { imported, message: `Imported ${imported} content type${imported === 1 ? "" : "s"}; each is live now.` };
  });

  // A photo for the content (a team member's portrait): stored in the media library, resized; a draft then names it by id.
  app.post("/api/admin/content/photos/", async (request, reply) => {
    const { file } = await readMultipart(request, reply, { fileField: "image", maxFileBytes: MAX_IMAGE_BYTES, tooLarge: "The photo is larger than 8 MB." });
    if (!file || file.bytes.length === 0) throw new HttpError(400, "Choose a photo to upload.", { image: ["Choose a photo to upload."] });
    const stored = await media.store(file.bytes);
    return reply.code(201).send({ id: stored.id, message: "Photo uploaded." });
  });

  app.get("/api/admin/content/:type/", { schema: { params: TypeParams } }, async (request) => content.editor(request.params.type));

  app.post("/api/admin/content/:type/drafts/", { schema: { params: TypeParams, body: ContentDraftSchema } }, async (request) => {
    const saved = await content.saveDraft(request.params.type, request.body, request.admin!);
    const unscheduled = saved.unscheduled ? " The publish that was scheduled is cancelled; schedule this draft again when it is ready." : "";
    return { ...saved, message: `Draft saved as revision ${saved.revision}. The live page is unchanged until you publish.${unscheduled}` };
  });

  app.post("/api/admin/content/:type/publish/", { schema: { params: TypeParams, body: ContentPublishSchema } }, async (request) => {
    const published = await content.publish(request.params.type, request.body, request.admin!);
    const message = published.scheduledAt
      ? `Revision ${published.revision} will be published on ${kathmanduTime(published.scheduledAt)}.`
      : `Revision ${published.revision} is live.`;
    return { ...published, message };
  });

  app.post("/api/admin/content/:type/unschedule/", { schema: { params: TypeParams, body: ContentRestoreSchema } }, async (request) => ({
    ...(await content.unschedule(request.params.type, request.body, request.admin!)),
    message: "The scheduled publish is cancelled; the draft is kept.",
  }));

  app.get("/api/admin/content/:type/revisions/:number/", { schema: { params: RevisionParams } }, async (request) =>
    content.revision(request.params.type, request.params.number),
  );

  app.post("/api/admin/content/:type/revisions/:number/restore/", { schema: { params: RevisionParams, body: ContentRestoreSchema } }, async (request) => {
    const restored = await content.restore(request.params.type, request.params.number, request.body, request.admin!);
    return { ...restored, message: `Revision ${request.params.number} is restored as draft revision ${restored.revision}. Preview it, then publish.` };
  });
};
