import { API_ERROR, type ApiErrorBody, UNIQUE_CONSTRAINT_ERRORS } from "@vigia/domain";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DbError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from "./db/database.ts";

/** An error whose description is part of the API contract; thrown anywhere, rendered by the handler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly fields?: Record<string, string>,
  ) {
    super(description);
  }
}

export const badRequest = (description: string, fields?: Record<string, string>) =>
  new ApiError(400, description, fields);
export const unauthorized = (description = "unauthorized") => new ApiError(401, description);
export const forbidden = (description = "forbidden") => new ApiError(403, description);
export const notFound = (description = "not.found") => new ApiError(404, description);
export const conflict = (description: string, fields?: Record<string, string>) =>
  new ApiError(409, description, fields);

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function body(statusCode: number, description: string, fields?: Record<string, string>): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? "Error",
    description,
    ...(fields ? { fields } : {}),
  };
}

export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof ApiError) {
    reply.status(error.statusCode).send(body(error.statusCode, error.description, error.fields));
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
      fields[where] = issue.message ?? "invalid";
    }
    reply.status(400).send(body(400, "validation.failed", fields));
    return;
  }
  // Database errors answer with domain codes only: constraint and table names are not the client's business.
  if (error instanceof DbError && error.code === UNIQUE_VIOLATION) {
    const known = UNIQUE_CONSTRAINT_ERRORS[error.constraint ?? ""];
    if (known) reply.status(409).send(body(409, known.code, { [known.field]: "exists" }));
    else reply.status(409).send(body(409, API_ERROR.duplicate));
    return;
  }
  if (error instanceof DbError && error.code === FOREIGN_KEY_VIOLATION) {
    reply.status(400).send(body(400, API_ERROR.referenceInvalid));
    return;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    reply.status(fastifyError.statusCode).send(body(fastifyError.statusCode, fastifyError.message));
    return;
  }
  request.log.error({ err: error }, "request failed");
  reply.status(500).send(body(500, "internal.error"));
}
