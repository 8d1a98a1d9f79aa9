import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { APPLICATION_HONEYPOT, JobSchema, resumeMessages, RESUME_MAX_BYTES } from "#contracts/careers.ts";
import { HttpError } from "../../http/errors";
import { readMultipart } from "../../http/multipart";
import { cachedRoute, type PageCache } from "../../http/page-cache";
import type { ApplicationRetention } from "./retention";
import type { ApplicationSubmission, CareersService } from "./service";

/** Text fields are small; a cover letter of 10,000 characters in any script fits in 64 KB. */
const FIELD_BYTES = 64 * 1024;

/** The application's text fields and its one résumé file. */
async function readApplication(request: FastifyRequest, reply: FastifyReply): Promise<ApplicationSubmission> {
  const body = await readMultipart(request, reply, { fileField: "resume", maxFileBytes: RESUME_MAX_BYTES, tooLarge: resumeMessages.tooLarge });
  return {
    fields: Object.fromEntries(Object.entries(body.fields).map(([name, values]) => [name, values[0]!])),
    ...(body.file ? { resume: { fileName: body.file.fileName, bytes: body.file.bytes } } : {}),
  };
}

export const careersRoutes: FastifyPluginAsyncZod<{ careers: CareersService; retention: ApplicationRetention; pageCache?: PageCache }> = async (
  app,
  { careers, retention, pageCache },
) => {
  // The whole file name as sent (preservePath), so the request boundary sees all of it; only its last part is kept.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 12, fieldSize: FIELD_BYTES, parts: 14, headerPairs: 50 },
  });

  app.get(
    "/api/careers/jobs/",
    { ...(pageCache ? cachedRoute(pageCache) : {}), schema: { response: { 200: z.array(JobSchema) } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return careers.listOpenJobs();
    },
  );

  app.get("/api/careers/jobs/:id/", { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: JobSchema } } }, async (request, reply) => {
    const job = await careers.getOpenJob(request.params.id);
    if (!job) throw new HttpError(404, "Job not found");
    reply.header("cache-control", "no-cache");
    return job;
  });

  app.post("/api/careers/applications/", { config: { rateLimit: { max: 5, timeWindow: "1 minute" } } }, async (request, reply) => {
    const submission = await readApplication(request, reply);
    // A filled honeypot is a bot: it is told it succeeded, and nothing is stored or sent.
    if (submission.fields[APPLICATION_HONEYPOT]) {
      request.log.info("application honeypot filled; ignored");
      return reply.code(201).send({ message: "Application submitted.", id: randomUUID() });
    }
    return reply.code(201).send(await careers.submitApplication(submission));
  });

  // The candidate's link from the acknowledgement: a page asks first (a mail scanner's visit must not
  // withdraw anyone), and its button posts here.
  app.post(
    "/api/careers/withdraw/:token/",
    { bodyLimit: 1024, schema: { params: z.object({ token: z.string().max(100) }) }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request) => retention.withdraw(request.params.token),
  );
};
