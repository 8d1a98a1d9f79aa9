import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminArea } from "#contracts/admin-roles.ts";
import {
  ApplicationBoardQuerySchema,
  ApplicationIdParams,
  ApplicationListQuerySchema,
  ApplicationNoteSchema,
  ApplicationRatingSchema,
  ApplicationStatusSchema,
  JobFormSchema,
  JobIdParams,
  JobListQuerySchema,
  JobStatusSchema,
  NewJobSchema,
} from "#contracts/admin-business.ts";
import { CandidateMailSchema, CandidateMailStageParams } from "#contracts/candidate-mail.ts";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "../admin/guard";
import type { AdminService } from "../admin/service";
import type { CareersAdminService } from "./admin-service";
import type { CandidateMailService } from "./candidate-mail";

/** The admin's careers calls: openings and applications. Every one needs an admin session. */
export const careersAdminRoutes: FastifyPluginAsyncZod<{
  careersAdmin: CareersAdminService;
  candidateMail: CandidateMailService;
  admin: AdminService;
  production: boolean;
}> = async (app, options) => {
  const { careersAdmin, candidateMail } = options;
  const guard = (area: AdminArea) => ({ onRequest: requireAdmin(options.admin, app.csrf, options.production, area) });

  app.get("/api/admin/jobs/", { ...guard("jobs"), schema: { querystring: JobListQuerySchema } }, async (request) => careersAdmin.listJobs(request.query));

  app.post("/api/admin/jobs/", { ...guard("jobs"), schema: { body: NewJobSchema } }, async (request, reply) =>
    reply.code(201).send(await careersAdmin.createJob(request.body, request.admin!)),
  );

  app.get("/api/admin/jobs/:id/", { ...guard("jobs"), schema: { params: JobIdParams } }, async (request) => {
    const job = await careersAdmin.getJob(request.params.id);
    if (!job) throw new HttpError(404, "Job not found.");
    return job;
  });

  app.patch("/api/admin/jobs/:id/", { ...guard("jobs"), schema: { params: JobIdParams, body: JobFormSchema } }, async (request) =>
    careersAdmin.updateJob(request.params.id, request.body, request.admin!),
  );

  app.post("/api/admin/jobs/:id/status/", { ...guard("jobs"), schema: { params: JobIdParams, body: JobStatusSchema } }, async (request) =>
    careersAdmin.setJobStatus(request.params.id, request.body.status, request.admin!),
  );

  app.get("/api/admin/applications/", { ...guard("applications"), schema: { querystring: ApplicationListQuerySchema } }, async (request) =>
    careersAdmin.listApplications(request.query),
  );

  app.get("/api/admin/applications/board/", { ...guard("applications"), schema: { querystring: ApplicationBoardQuerySchema } }, async (request) =>
    careersAdmin.board(request.query),
  );

  app.get("/api/admin/applications/:id/", { ...guard("applications"), schema: { params: ApplicationIdParams } }, async (request) => {
    const application = await careersAdmin.getApplication(request.params.id, request.admin!.id);
    if (!application) throw new HttpError(404, "Application not found.");
    return application;
  });

  // Always an attachment of the type found at upload, never sniffed: a résumé is never shown inside the site.
  app.get("/api/admin/applications/:id/resume/", { ...guard("applications"), schema: { params: ApplicationIdParams } }, async (request, reply) => {
    const resume = await careersAdmin.resume(request.params.id);
    if (!resume) throw new HttpError(404, "Application not found.");
    return reply
      .type(resume.contentType)
      .header("content-disposition", `attachment; filename="${resume.fileName}"`)
      .header("x-content-type-options", "nosniff")
      .header("content-length", resume.size)
      .send(resume.data);
  });

  app.post(
    "/api/admin/applications/:id/status/",
    { ...guard("applications"), schema: { params: ApplicationIdParams, body: ApplicationStatusSchema } },
    async (request) => careersAdmin.setApplicationStatus(request.params.id, request.body.status, request.admin!),
  );

  app.post(
    "/api/admin/applications/:id/notes/",
    { ...guard("applications"), schema: { params: ApplicationIdParams, body: ApplicationNoteSchema } },
    async (request, reply) => reply.code(201).send(await careersAdmin.addApplicationNote(request.params.id, request.body.body, request.admin!)),
  );

  app.post(
    "/api/admin/applications/:id/rating/",
    { ...guard("applications"), schema: { params: ApplicationIdParams, body: ApplicationRatingSchema } },
    async (request) => careersAdmin.rateApplication(request.params.id, request.body.rating, request.admin!),
  );

  // The mail a move to Interview, Offer or Rejected offers: sent as staff confirmed it, or passed over; once either way.
  app.post(
    "/api/admin/applications/:id/mail/",
    { ...guard("applications"), schema: { params: ApplicationIdParams, body: CandidateMailSchema } },
    async (request) => {
      await candidateMail.send(request.params.id, request.body, request.admin!);
      return (await careersAdmin.getApplication(request.params.id, request.admin!.id))!;
    },
  );

  app.post("/api/admin/applications/:id/mail/skip/", { ...guard("applications"), schema: { params: ApplicationIdParams } }, async (request) => {
    await candidateMail.skip(request.params.id, request.admin!);
    return (await careersAdmin.getApplication(request.params.id, request.admin!.id))!;
  });

  app.get("/api/admin/applications/mail-templates/", guard("applications"), async () => candidateMail.templates());

  app.post(
    "/api/admin/applications/mail-templates/:stage/",
    { ...guard("applications"), schema: { params: CandidateMailStageParams, body: CandidateMailSchema } },
    async (request) => candidateMail.saveTemplate(request.params.stage, request.body, request.admin!),
  );
};
