import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/**
 * Each client of the spec reads its own error shape: forms, blog and careers read {message, errors},
 * the account client reads {detail, code}, the admin login reads {error}. A route names its shape in
 * `config.errorShape`; everything else answers in the forms shape.
 */
export type ErrorShape = "message" | "detail" | "error";

declare module "fastify" {
  interface FastifyContextConfig {
    errorShape?: ErrorShape;
  }
}

export type FieldErrors = Record<string, string[]>;

/** An expected failure with a status below 500, told to the user as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly code?: string,
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function errorBody(shape: ErrorShape, message: string, fields?: FieldErrors, code?: string) {
  switch (shape) {
    case "detail":
      return { detail: message, ...(code ? { code } : {}), ...(fields ? { errors: fields } : {}) };
    case "error":
      return { error: message };
    default:
      return { message, ...(fields ? { errors: fields } : {}) };
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, fields?: FieldErrors, code?: string) {
  const shape = request.routeOptions.config?.errorShape ?? "message";
  return reply.code(status).send(errorBody(shape, message, fields, code));
}

const frameworkMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "The request is too large."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Unsupported content type."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The request body is empty."],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "The request body is not valid JSON."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "Invalid Content-Length."],
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        (fields[field] ??= []).push(issue.message ?? "Invalid value");
      }
      const [firstField, messages] = Object.entries(fields)[0] ?? ["body", ["Invalid input"]];
      return sendError(request, reply, 400, `${firstField}: ${messages[0] ?? "Invalid input"}`, fields, "invalid");
    }
    if (error instanceof HttpError) {
      // A refusal is the visitor's business; a 5xx the site's, kept in the log with what caused it.
      if (error.statusCode >= 500) request.log.warn({ status: error.statusCode, cause: error.cause }, error.message);
      return sendError(request, reply.headers(error.headers ?? {}), error.statusCode, error.message, error.fields, error.code);
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    if (known) return sendError(request, reply, known[0], known[1]);
    if (error.statusCode === 429) {
      return sendError(request, reply, 429, error.message, undefined, "throttled");
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, "request failed");
    const unavailable = isDatabaseUnavailable(error);
    return sendError(
      request,
      reply,
      unavailable ? 503 : 500,
      unavailable ? "Service temporarily unavailable. Please try again shortly." : "Something went wrong on our side.",
    );
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, "Not found."));
}

/** The database is down or restarting, or was a moment ago; the query layer wraps the driver's error in `cause`. */
function isDatabaseUnavailable(error: unknown): boolean {
  const causes = [error as { code?: string; message?: string }, (error as { cause?: { code?: string; message?: string } }).cause];
  return causes.some(
    (cause) =>
      ["EOPENBREAKER", "ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08006", "08001", "08003"].includes(cause?.code ?? "") ||
      /timeout exceeded when trying to connect|Connection terminated|not queryable/i.test(String(cause?.message)),
  );
}
