import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Metadata, SharpOptions } from "sharp";
import type { Executor } from "../../db/client";
import { streamFile, writeFileChunks } from "../../db/files";
import { HttpError } from "../../http/errors";
import { images, imageVariantChunks, imageVariants } from "./schema";

let imageLibrary: Promise<typeof import("sharp")> | undefined;

/**
 * sharp, loaded with the first picture rather than at start: libvips takes 18 MB that a server storing
 * no pictures need not hold. An image is resized once, when it is uploaded, so libvips' cache of recent
 * operations (up to 50 MB) would only hold memory for repeats that never come.
 */
export function imageProcessor(): Promise<typeof import("sharp")> {
  imageLibrary ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return imageLibrary;
}

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Card, column and full-width sizes; 1200 is also what link previews ask for. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
/** Decoding is the expensive part: a picture over 50 megapixels is refused before it is decoded. */
const MAX_PIXELS = 50_000_000;
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);
const DECODE_OPTIONS: SharpOptions = { autoOrient: true, limitInputPixels: MAX_PIXELS, failOn: "error" };

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  /** Widths of the stored WebP variants, smallest first. */
  variantWidths: number[];
}

/** What an `<img>` needs: the largest variant, every variant for `srcset`, and the size for the layout. */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export const mediaUrl = (id: string, width: number) => `/media/${id}-${width}.webp`;

export function responsiveImage(image: StoredImage): ResponsiveImage {
  const largest = image.variantWidths.at(-1) ?? image.width;
  return {
    src: mediaUrl(image.id, largest),
    srcSet: image.variantWidths.map((width) => `${mediaUrl(image.id, width)} ${width}w`).join(", "),
    width: largest,
    height: Math.max(1, Math.round((largest * image.height) / image.width)),
  };
}

/** The widths worth storing for a picture this wide: never wider than the picture itself. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

const unreadable = () => new HttpError(415, "The image could not be read. Please upload a JPEG, PNG, WebP, GIF or AVIF image.", undefined, "unsupported_image");

/**
 * Stores an uploaded picture: its type is read from its bytes (never from what the client says), it is
 * decoded and re-encoded as WebP in each width, so nothing of the original file is ever served.
 * Throws an HttpError (413 too large, 415 not an image) and stores nothing when the bytes are refused.
 */
export async function storeImage(executor: Executor, input: Uint8Array): Promise<StoredImage> {
  if (input.byteLength === 0) throw new HttpError(400, "The image is empty.", undefined, "empty_image");
  if (input.byteLength > MAX_IMAGE_BYTES) throw new HttpError(413, "The image is larger than 8 MB.", undefined, "image_too_large");
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw unreadable();

  const id = createHash("sha256").update(input).digest("hex").slice(0, 32);
  const [existing] = await executor.select().from(images).where(eq(images.id, id));
  if (existing) return existing;

  const sharp = await imageProcessor();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, DECODE_OPTIONS).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height || width * height > MAX_PIXELS) throw unreadable();

  const variants = [];
  for (const variantWidth of variantWidthsFor(width)) {
    try {
      const { data, info } = await sharp(input, DECODE_OPTIONS)
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ imageId: id, width: variantWidth, height: info.height, size: data.length, data });
    } catch {
      throw unreadable();
    }
  }

  const stored: StoredImage = { id, width, height, variantWidths: variants.map((variant) => variant.width) };
  // The same picture stored twice at once (two uploads racing) ends as one row: the id is its content.
  await executor.insert(images).values(stored).onConflictDoNothing();
  await executor
    .insert(imageVariants)
    .values(variants.map(({ data: _bytes, ...variant }) => variant))
    .onConflictDoNothing();
  for (const { imageId, width, data } of variants) {
    await writeFileChunks(data, (chunk) =>
      executor
        .insert(imageVariantChunks)
        .values({ imageId, width, ...chunk })
        .onConflictDoNothing(),
    );
  }
  return stored;
}

export async function describeImages(executor: Executor, ids: string[]): Promise<Map<string, StoredImage>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: images.id, width: images.width, height: images.height, variantWidths: images.variantWidths })
    .from(images)
    .where(inArray(images.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A stored WebP variant: its size, and its bytes as a stream read from the database chunk by chunk. */
export async function readVariant(executor: Executor, id: string, width: number): Promise<{ size: number; data: Readable } | undefined> {
  const [row] = await executor
    .select({ size: imageVariants.size })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width)));
  if (!row) return undefined;
  const data = streamFile(row.size, async (seq) => {
    const [chunk] = await executor
      .select({ data: imageVariantChunks.data })
      .from(imageVariantChunks)
      .where(and(eq(imageVariantChunks.imageId, id), eq(imageVariantChunks.width, width), eq(imageVariantChunks.seq, seq)));
    return chunk?.data;
  });
  return { size: row.size, data };
}

export function createMediaService(deps: { db: Executor }) {
  return {
    store: (input: Uint8Array) => storeImage(deps.db, input),
    variant: (id: string, width: number) => readVariant(deps.db, id, width),
    /** A stored picture's largest WebP, whole: what moves it to another site. */
    largest: async (id: string): Promise<Buffer | undefined> => {
      const image = (await describeImages(deps.db, [id])).get(id);
      const variant = image && (await readVariant(deps.db, id, image.variantWidths.at(-1)!));
      if (!variant) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of variant.data) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    /** The stored sizes of each picture named; a name not stored is left out. */
    sources: async (ids: string[]) => {
      const sources: Record<string, Pick<ResponsiveImage, "src" | "srcSet">> = {};
      for (const [id, image] of await describeImages(deps.db, ids)) {
        const { src, srcSet } = responsiveImage(image);
        sources[id] = { src, srcSet };
      }
      return sources;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
