import { z } from "zod";
import { watchedGroup } from "./events";

/**
 * A stream's query: the group whose conversation she is looking at, and the id of the last event
 * she had (for a new stream opened when she moves on, since a new EventSource cannot send the
 * `Last-Event-ID` header; the header is read too, and wins).
 */
export const liveQuery = z.object({
  watch: z
    .string()
    .refine((v) => watchedGroup(v) !== null, { message: "Name a group as group:<kind>:<id>" })
    .optional(),
  lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
