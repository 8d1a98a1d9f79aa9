import type { FastifyPluginAsync } from "fastify";
import { IMMUTABLE } from "../../http/pages";
import type { MediaService } from "./service";

const VARIANT_NAME = /^([0-9a-f]{32})-(\d{1,5})\.webp$/;

/**
 * Pictures from the database. A URL names the content it serves and never changes meaning, so
 * browsers and CDNs may keep it for a year.
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  app.get<{ Params: { file: string } }>("/media/:file", async (request, reply) => {
    const match = VARIANT_NAME.exec(request.params.file);
    const variant = match ? await media.variant(match[1]!, Number(match[2])) : undefined;
    if (!variant) return reply.code(404).header("cache-control", "no-store").send({ message: "Image not found." });
    const etag = `"${match![1]}-${match![2]}"`;
    reply.header("cache-control", IMMUTABLE).header("etag", etag).header("x-content-type-options", "nosniff");
    // The stream reads nothing until it is sent; one not sent is simply dropped.
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("image/webp").header("content-length", variant.size).send(variant.data);
  });
};
