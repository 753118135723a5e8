import { z } from "zod";

/** `GET /api/health`: the process is up. */
export const healthStatus = z.object({ status: z.literal("ok") });

/** `GET /api/ready`: the database answers. */
export const readyStatus = z.object({ status: z.literal("ready") });
