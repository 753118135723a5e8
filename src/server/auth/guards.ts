import type { FastifyRequest } from "fastify";
import { unauthorized } from "../http/errors";
import type { SessionUser } from "./sessions";

/**
 * The signed-in member in a handler. Routes are for members unless declared otherwise (see
 * `access.ts`), so this never throws there; on a public route it is the check itself.
 */
export function memberOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
