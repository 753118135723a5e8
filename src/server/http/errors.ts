import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** An error a feature raises on purpose; its message is safe to show to the member. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Messages per form field, as validation errors carry them. */
    readonly errors?: Record<string, string>,
    /** More the answer carries beside its message (when a locked lesson opens). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** A 400 about one field of the form, shown under that field. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message });
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const unauthorized = () => new HttpError(401, "Unauthorized");
export const forbidden = (message = "You don't have permission to do that.") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string) => new HttpError(503, message);

const DB_UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
]);

/** The database (or the network to it) is down, rather than our query being wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code && DB_UNAVAILABLE_CODES.has(e.code)) return true;
  const message = e.message ?? "";
  if (
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED/i.test(
      message,
    )
  ) {
    return true;
  }
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Requests must send JSON (Content-Type: application/json).",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty but Content-Type says JSON.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
};

/** One error contract for the whole API: `{ message }` (plus `errors` per field on validation). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        errors[field] ??= issue.message ?? "Invalid value";
      }
      const first = error.validation[0];
      const message =
        first?.instancePath === "/" && first.keyword === "invalid_type"
          ? "The request must be a JSON object."
          : (first?.message ?? "Invalid request");
      return reply.status(400).send({ message, errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .send({ message: "The service is temporarily unavailable. Please try again in a moment." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      if (status === 429) return reply.status(429).send({ message: error.message });
      const message = (error.code && CLIENT_ERROR_MESSAGES[error.code]) || error.message || "Bad request";
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, "request failed");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
