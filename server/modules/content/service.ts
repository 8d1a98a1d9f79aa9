import { and, asc, desc, eq, isNotNull, lte } from "drizzle-orm";
import { kathmanduInstant } from "#contracts/kathmandu-time.ts";
import { CONTENT_FORMS, isSiteContentType, SITE_CONTENT_TYPES, type SiteContentType } from "#contracts/site-content-forms.ts";
import { isContentPhoto, photoIdsIn, SITE_CONTENT_SCHEMAS, type ContentExport, type SiteContent } from "#contracts/site-content.ts";
import type { ContentEvents } from "../../content-events";
import type { Database, Executor } from "../../db/client";
import { HttpError, type FieldErrors } from "../../http/errors";
import { recordAudit, type AuditActor } from "../audit/service";
import type { MediaService } from "../media/service";
import type { SitemapEntry } from "../site/sitemap";
import { differences, type Difference } from "./diff";
import { contentDocuments, contentRevisions } from "./schema";
import { SHIPPED_CONTENT } from "./shipped";

/** Who the first revision of every type is said to be by: the copy the site was built with. */
const SHIPPED_BY = "site";
const EXPORT_FORMAT = "himaltech-site-content/1";

export interface RevisionSummary {
  number: number;
  author: string;
  createdAt: string;
  note: string;
  publishedAt: string | null;
}

export interface ContentOverview {
  type: SiteContentType;
  label: string;
  description: string;
  page: string;
  publishedRevision: number;
  newestRevision: number;
  updatedAt: string;
  updatedBy: string;
  scheduledAt: string | null;
}

export interface ContentEditorState extends ContentOverview {
  version: number;
  /** The newest revision's body: the draft when there is one, else what is live. */
  value: unknown;
  revisions: RevisionSummary[];
}

/**
 * A zod refusal, keyed by the path of each field ("items.0.name"), as the editor shows it beside the field.
 * A refusal of one line of a field of lines ("services.0.benefits.2") is the field's: the editor has one box for them all.
 */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length > 1 && /^\d+$/.test(path.at(-1)!)) path.pop();
    (fields[path.join(".")] ??= []).push(issue.message);
  }
  return fields;
}

/** A body as the type's schema reads it, or a 400 with each refusal beside its field. */
export function checkedBody<T extends SiteContentType>(type: T, value: unknown): SiteContent[T] {
  const parsed = SITE_CONTENT_SCHEMAS[type].safeParse(value);
  if (!parsed.success) throw new HttpError(400, "Some fields need changing before this can be saved.", fieldErrorsOf(parsed.error.issues));
  return parsed.data as SiteContent[T];
}

/**
 * The site's editable words (decision 068): each type's revisions, which one is live, drafts, scheduled
 * publishing and restores. Every change is one transaction of the `content` area, so every instance's
 * page cache, the search index and this service's own copy of what is live follow it within the request.
 */
/** A content value with each photo the map names given its new id. */
function withPhotosRenamed<T>(value: T, renamed: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => withPhotosRenamed(item, renamed)) as T;
  if (!value || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (isContentPhoto(record)) return { ...record, id: renamed.get(record.id) ?? record.id } as T;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, withPhotosRenamed(item, renamed)])) as T;
}

export function createSiteContentService(deps: { db: Database; now: () => Date; contentEvents: ContentEvents; media: MediaService }) {
  const { db, now, contentEvents, media } = deps;
  /** What is live, read once after each change; `generation` keeps a read that began before a change from being kept. */
  const live = new Map<SiteContentType, unknown>();
  let generation = 0;
  contentEvents.onChange((area) => {
    if (area !== "content") return;
    generation++;
    live.clear();
  });

  /** Makes the type's first revision, the shipped copy, if the database has none yet. */
  async function seeded(tx: Executor, type: SiteContentType) {
    const [document] = await tx.select().from(contentDocuments).where(eq(contentDocuments.type, type)).for("update");
    if (document) return document;
    const at = now();
    await tx
      .insert(contentRevisions)
      .values({ type, number: 1, body: SHIPPED_CONTENT[type], author: SHIPPED_BY, createdAt: at, note: "As the site shipped", publishedAt: at });
    const [created] = await tx.insert(contentDocuments).values({ type, version: 1, publishedRevision: 1, updatedAt: at }).returning();
    return created!;
  }

  async function newestRevision(executor: Executor, type: SiteContentType) {
    const [row] = await executor.select().from(contentRevisions).where(eq(contentRevisions.type, type)).orderBy(desc(contentRevisions.number)).limit(1);
    return row;
  }

  /** Refuses a change made from a stale copy of the editor, naming what happened since. */
  async function checkVersion(tx: Executor, type: SiteContentType, document: typeof contentDocuments.$inferSelect, version: number) {
    if (document.version === version) return;
    const newest = await newestRevision(tx, type);
    throw new HttpError(
      409,
      `${CONTENT_FORMS[type].label} changed while you were editing: revision ${newest?.number ?? document.publishedRevision} was saved by ${newest?.author ?? "someone"}. Your changes were not saved; they are still in the form below.`,
      undefined,
      "stale_version",
    );
  }

  async function publishRevision(tx: Executor, type: SiteContentType, number: number, document: typeof contentDocuments.$inferSelect) {
    const at = now();
    await tx
      .update(contentRevisions)
      .set({ publishedAt: at })
      .where(and(eq(contentRevisions.type, type), eq(contentRevisions.number, number)));
    await tx
      .update(contentDocuments)
      .set({ publishedRevision: number, scheduledRevision: null, scheduledAt: null, version: document.version + 1, updatedAt: at })
      .where(eq(contentDocuments.type, type));
  }

  const summaryOf = (row: typeof contentRevisions.$inferSelect): RevisionSummary => ({
    number: row.number,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  });

  function overviewOf(type: SiteContentType, document: typeof contentDocuments.$inferSelect, newest: typeof contentRevisions.$inferSelect): ContentOverview {
    const { label, description, page } = CONTENT_FORMS[type];
    return {
      type,
      label,
      description,
      page,
      publishedRevision: document.publishedRevision,
      newestRevision: newest.number,
      updatedAt: newest.createdAt.toISOString(),
      updatedBy: newest.author,
      scheduledAt: document.scheduledAt?.toISOString() ?? null,
    };
  }

  async function revisionBody(executor: Executor, type: SiteContentType, number: number) {
    const [row] = await executor
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.type, type), eq(contentRevisions.number, number)));
    return row;
  }

  const service = {
    /** What the public pages show of a type; the shipped copy until staff first change it. */
    async published<T extends SiteContentType>(type: T): Promise<SiteContent[T]> {
      if (live.has(type)) return live.get(type) as SiteContent[T];
      const began = generation;
      const [row] = await db
        .select({ body: contentRevisions.body })
        .from(contentDocuments)
        .innerJoin(contentRevisions, and(eq(contentRevisions.type, contentDocuments.type), eq(contentRevisions.number, contentDocuments.publishedRevision)))
        .where(eq(contentDocuments.type, type));
      const body = (row?.body ?? SHIPPED_CONTENT[type]) as SiteContent[T];
      if (began === generation) live.set(type, body);
      return body;
    },

    /** The pages whose words staff have published, each with when the newest of its types went live. */
    async sitemapEntries(): Promise<SitemapEntry[]> {
      const rows = await db
        .select({ type: contentDocuments.type, publishedAt: contentRevisions.publishedAt })
        .from(contentDocuments)
        .innerJoin(contentRevisions, and(eq(contentRevisions.type, contentDocuments.type), eq(contentRevisions.number, contentDocuments.publishedRevision)));
      const latest = new Map<string, Date>();
      for (const { type, publishedAt } of rows) {
        if (!isSiteContentType(type) || !publishedAt) continue;
        const { page } = CONTENT_FORMS[type];
        if (publishedAt > (latest.get(page) ?? new Date(0))) latest.set(page, publishedAt);
      }
      return [...latest].map(([path, lastModified]) => ({ path, lastModified }));
    },

    /** Every type as the public pages show it: what the search index reads. */
    async all(): Promise<SiteContent> {
      const entries = await Promise.all(SITE_CONTENT_TYPES.map(async (type) => [type, await service.published(type)] as const));
      return Object.fromEntries(entries) as unknown as SiteContent;
    },

    /** The newest revision of a type, live or not: what an editor previews. */
    async newest<T extends SiteContentType>(type: T): Promise<SiteContent[T]> {
      return ((await newestRevision(db, type))?.body ?? SHIPPED_CONTENT[type]) as SiteContent[T];
    },

    async overview(): Promise<ContentOverview[]> {
      return db.transaction(async (tx) => {
        const overviews: ContentOverview[] = [];
        for (const type of SITE_CONTENT_TYPES) overviews.push(overviewOf(type, await seeded(tx, type), (await newestRevision(tx, type))!));
        return overviews;
      });
    },

    async editor(type: SiteContentType): Promise<ContentEditorState> {
      return db.transaction(async (tx) => {
        const document = await seeded(tx, type);
        const revisions = await tx.select().from(contentRevisions).where(eq(contentRevisions.type, type)).orderBy(desc(contentRevisions.number));
        return { ...overviewOf(type, document, revisions[0]!), version: document.version, value: revisions[0]!.body, revisions: revisions.map(summaryOf) };
      });
    },

    /** One revision and what it changed from the one before it. */
    async revision(type: SiteContentType, number: number): Promise<RevisionSummary & { body: unknown; changes: Difference[] }> {
      const row = await revisionBody(db, type, number);
      if (!row) throw new HttpError(404, `${CONTENT_FORMS[type].label} has no revision ${number}.`);
      const before = await revisionBody(db, type, number - 1);
      return { ...summaryOf(row), body: row.body, changes: before ? differences(CONTENT_FORMS[type].fields, before.body, row.body) : [] };
    },

    /** Saves a draft as the newest revision; the live page is unchanged until it is published. A schedule set for an older draft is cleared. */
    async saveDraft(type: SiteContentType, input: { version: number; value: unknown }, actor: AuditActor) {
      const body = checkedBody(type, input.value);
      return contentEvents.write("content", async (tx) => {
        const document = await seeded(tx, type);
        await checkVersion(tx, type, document, input.version);
        const number = (await newestRevision(tx, type))!.number + 1;
        const at = now();
        await tx.insert(contentRevisions).values({ type, number, body, author: actor.username, createdAt: at });
        const version = document.version + 1;
        await tx.update(contentDocuments).set({ version, scheduledRevision: null, scheduledAt: null, updatedAt: at }).where(eq(contentDocuments.type, type));
        await recordAudit(tx, actor, "content.saved", `content:${type}`, { label: CONTENT_FORMS[type].label, revision: number });
        return { version, revision: number, unscheduled: document.scheduledAt !== null };
      });
    },

    /** Makes the newest revision live now, or at `at` (the job of the minute publishes it then). */
    async publish(type: SiteContentType, input: { version: number; at?: string }, actor: AuditActor) {
      const at = input.at ? kathmanduInstant(input.at) : undefined;
      if (at && at.getTime() <= now().getTime())
        throw new HttpError(400, "Choose a time in the future, or publish now.", { at: ["Choose a time in the future."] });
      return contentEvents.write("content", async (tx) => {
        const document = await seeded(tx, type);
        await checkVersion(tx, type, document, input.version);
        const newest = (await newestRevision(tx, type))!;
        const label = CONTENT_FORMS[type].label;
        if (at) {
          await tx
            .update(contentDocuments)
            .set({ scheduledRevision: newest.number, scheduledAt: at, version: document.version + 1 })
            .where(eq(contentDocuments.type, type));
          await recordAudit(tx, actor, "content.scheduled", `content:${type}`, { label, revision: newest.number, at: at.toISOString() });
          return { version: document.version + 1, revision: newest.number, scheduledAt: at.toISOString() };
        }
        await publishRevision(tx, type, newest.number, document);
        await recordAudit(tx, actor, "content.published", `content:${type}`, { label, revision: newest.number });
        return { version: document.version + 1, revision: newest.number, scheduledAt: null };
      });
    },

    /** Takes back a scheduled publish; the draft stays. */
    async unschedule(type: SiteContentType, input: { version: number }, actor: AuditActor) {
      return contentEvents.write("content", async (tx) => {
        const document = await seeded(tx, type);
        await checkVersion(tx, type, document, input.version);
        if (!document.scheduledAt) throw new HttpError(409, "Nothing is scheduled.");
        await tx
          .update(contentDocuments)
          .set({ scheduledRevision: null, scheduledAt: null, version: document.version + 1 })
          .where(eq(contentDocuments.type, type));
        await recordAudit(tx, actor, "content.unscheduled", `content:${type}`, { label: CONTENT_FORMS[type].label, revision: document.scheduledRevision });
        return { version: document.version + 1 };
      });
    },

    /** Saves an old revision's body again as the newest: a draft to preview and publish, with nothing lost in between. */
    async restore(type: SiteContentType, number: number, input: { version: number }, actor: AuditActor) {
      return contentEvents.write("content", async (tx) => {
        const document = await seeded(tx, type);
        await checkVersion(tx, type, document, input.version);
        const old = await revisionBody(tx, type, number);
        if (!old) throw new HttpError(404, `${CONTENT_FORMS[type].label} has no revision ${number}.`);
        const newest = (await newestRevision(tx, type))!.number + 1;
        const at = now();
        await tx
          .insert(contentRevisions)
          .values({ type, number: newest, body: old.body, author: actor.username, createdAt: at, note: `Restored revision ${number}` });
        await tx
          .update(contentDocuments)
          .set({ version: document.version + 1, scheduledRevision: null, scheduledAt: null, updatedAt: at })
          .where(eq(contentDocuments.type, type));
        await recordAudit(tx, actor, "content.restored", `content:${type}`, { label: CONTENT_FORMS[type].label, revision: number, as: newest });
        return { version: document.version + 1, revision: newest };
      });
    },

    /** Publishes every scheduled draft whose time has come: the job of the minute, on one instance. */
    async publishDue(): Promise<SiteContentType[]> {
      const due = await db
        .select({ type: contentDocuments.type })
        .from(contentDocuments)
        .where(and(isNotNull(contentDocuments.scheduledAt), lte(contentDocuments.scheduledAt, now())));
      const published: SiteContentType[] = [];
      for (const { type } of due) {
        if (!isSiteContentType(type)) continue;
        const done = await contentEvents.write("content", async (tx) => {
          const [document] = await tx.select().from(contentDocuments).where(eq(contentDocuments.type, type)).for("update");
          if (!document?.scheduledAt || !document.scheduledRevision || document.scheduledAt > now()) return false;
          await publishRevision(tx, type as SiteContentType, document.scheduledRevision, document);
          await recordAudit(tx, { id: null, username: "schedule" }, "content.published", `content:${type}`, {
            label: CONTENT_FORMS[type as SiteContentType].label,
            revision: document.scheduledRevision,
          });
          return true;
        });
        if (done) published.push(type as SiteContentType);
      }
      return published;
    },

    /** Every type's revisions and which is live, as one JSON document for moving content between sites. */
    async exportAll(): Promise<ContentExport> {
      const documents = await db.transaction(async (tx) => {
        const documents: ContentExport["documents"] = [];
        for (const type of SITE_CONTENT_TYPES) {
          const document = await seeded(tx, type);
          const revisions = await tx.select().from(contentRevisions).where(eq(contentRevisions.type, type)).orderBy(asc(contentRevisions.number));
          documents.push({
            type,
            publishedRevision: document.publishedRevision,
            revisions: revisions.map((row) => ({
              number: row.number,
              body: row.body,
              author: row.author,
              createdAt: row.createdAt.toISOString(),
              note: row.note,
            })),
          });
        }
        return documents;
      });
      const photos: ContentExport["photos"] = {};
      for (const id of new Set(photoIdsIn(documents.map((document) => document.revisions.map((revision) => revision.body))))) {
        const bytes = await media.largest(id);
        if (bytes) photos[id] = bytes.toString("base64");
      }
      return { format: EXPORT_FORMAT, exportedAt: now().toISOString(), photos, documents };
    },

    /**
     * Takes in another site's export: each type's revision that was live there becomes a new revision here,
     * live at once, so this site's own history stays whole. Every body is checked first; one refusal imports nothing.
     */
    async importAll(file: ContentExport, actor: AuditActor) {
      const imports = file.documents.map((document) => {
        if (!isSiteContentType(document.type)) throw new HttpError(400, `The file holds an unknown content type, “${document.type}”.`);
        const type = document.type as SiteContentType;
        const live = document.revisions.find((revision) => revision.number === document.publishedRevision);
        if (!live) throw new HttpError(400, `The file's ${CONTENT_FORMS[type].label} has no revision ${document.publishedRevision}.`);
        const parsed = SITE_CONTENT_SCHEMAS[type].safeParse(live.body);
        if (!parsed.success) throw new HttpError(400, `The file's ${CONTENT_FORMS[type].label} does not pass the checks: ${parsed.error.issues[0]!.message}`);
        return { type, body: parsed.data };
      });
      // The photos, into this site's media library: stored again from their bytes, each may have another id here.
      const renamed = new Map<string, string>();
      for (const [id, base64] of Object.entries(file.photos)) renamed.set(id, (await media.store(Buffer.from(base64, "base64"))).id);
      await contentEvents.write("content", async (tx) => {
        for (const { type, body: exported } of imports) {
          const body = withPhotosRenamed(exported, renamed);
          const document = await seeded(tx, type);
          const number = (await newestRevision(tx, type))!.number + 1;
          await tx.insert(contentRevisions).values({ type, number, body, author: actor.username, createdAt: now(), note: "Imported" });
          await publishRevision(tx, type, number, document);
        }
        await recordAudit(tx, actor, "content.imported", "", { types: imports.map(({ type }) => CONTENT_FORMS[type].label) });
      });
      return { imported: imports.length };
    },
  };
  return service;
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;
