import type { TestContext } from "./app";

/** Waits until the count `sql` selects as `n` is zero; on timeout says how many `what` are left. */
export async function untilNoneLeft(t: TestContext, sql: string, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.database.pool.query<{ n: number }>(sql);
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the worker has finished every job (every mail or push sent or given up). */
export function queueDrained(t: TestContext, timeoutMs = 20_000) {
  return untilNoneLeft(
    t,
    "select count(*)::int as n from graphile_worker.jobs",
    "jobs still queued",
    timeoutMs,
  );
}

/** How many times the queued `task` job has been tried so far (0 while none is queued). */
export async function attemptsOf(t: TestContext, task: string) {
  const { rows } = await t.database.pool.query<{ attempts: number }>(
    "select attempts from graphile_worker.jobs where task_identifier = $1",
    [task],
  );
  return rows[0]?.attempts ?? 0;
}
