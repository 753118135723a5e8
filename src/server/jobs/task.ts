import type { FastifyInstance } from "fastify";
import type { OutgoingMail } from "../mail/transport";
import type { Job } from "./queue";

/** What a task receives beside its payload. */
export interface TaskContext {
  app: FastifyInstance;
  /** The job being run (its id is stable across retries). */
  job: { id: string };
  /** Sends a mail now, its Message-ID this job's: a retry after a lost acknowledgement is recognisably the same mail. */
  deliver(mail: OutgoingMail): Promise<void>;
}

/** A kind of job and the function that does it: what an owner's jobs.ts exports for the worker to run. */
export interface Task<Payload = unknown> {
  readonly job: Job<Payload>;
  // A method, so that a list of tasks of different payloads is a `Task[]`.
  run(payload: Payload, context: TaskContext): Promise<void>;
}

export const task = <Payload>(
  job: Job<Payload>,
  run: (payload: Payload, context: TaskContext) => Promise<void>,
): Task<Payload> => ({ job, run });
