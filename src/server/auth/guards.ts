import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/errors";
import type { SessionUser } from "./sessions";

/** preHandler: signed-in members only (401 otherwise). */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

/** preHandler: site administrators only (401 signed out, 403 for other members). */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (!request.user.isAdmin) throw forbidden("You don't have permission to access the admin dashboard.");
}

/** The signed-in member in a handler behind `requireUser`. */
export function memberOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
