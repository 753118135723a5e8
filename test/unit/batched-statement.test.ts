import { describe, expect, it } from "vitest";
import { batchedStatement } from "../../src/server/db/batched-statement";
import type { Db } from "../../src/server/db/client";

/** A stand-in statement: records each batch it is sent and answers after `release()`. */
function statement(fail?: (input: number) => boolean, apart?: (input: number) => string) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = batchedStatement(
    (_db: Db, inputs: number[]) =>
      new Promise<number[]>((resolve, reject) => {
        batches.push(inputs);
        pending.push(() =>
          inputs.some((n) => fail?.(n)) ? reject(new Error("bad row")) : resolve(inputs.map((n) => n * 10)),
        );
      }),
    { maxBatch: 3, inFlight: 1, apart },
  );
  const release = async () => {
    while (pending.length) pending.shift()!();
    await turn();
    await turn();
  };
  return { run, batches, release };
}

const db = {} as Db;
/** One turn of the event loop: what was submitted in the last one has been sent. */
const turn = () => new Promise((r) => setImmediate(r));

describe("a batched statement", () => {
  it("sends the calls of one turn together, and those arriving meanwhile after, each answered with its own result", async () => {
    const s = statement();
    const answers = [1, 2].map((n) => s.run(db, n));
    expect(s.batches).toEqual([]);
    await turn();
    expect(s.batches).toEqual([[1, 2]]);
    answers.push(...[3, 4, 5, 6].map((n) => s.run(db, n)));
    await turn();
    // One batch at a time: the next waits for the first to be answered.
    expect(s.batches).toEqual([[1, 2]]);
    await s.release();
    expect(s.batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    await s.release();
    expect(s.batches).toEqual([[1, 2], [3, 4, 5], [6]]);
    await s.release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it("retries a failed batch call by call, so one bad row fails alone", async () => {
    const s = statement((n) => n === 3);
    const first = s.run(db, 1);
    await turn();
    const answers = [2, 3, 4].map((n) => s.run(db, n).catch((err: Error) => err.message));
    for (let i = 0; i < 5; i++) await s.release();
    expect(await first).toBe(10);
    expect(await Promise.all(answers)).toEqual([20, "bad row", 40]);
    expect(s.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("never puts two calls with the same key in one batch: the later waits for the next, ahead of those after it", async () => {
    // Keyed by their tens: 11 and 12 are one caller's, as a member's two answers to one event.
    const s = statement(undefined, (n) => String(Math.floor(n / 10)));
    const first = s.run(db, 1);
    await turn();
    const answers = [11, 12, 21, 13, 31, 41, 51].map((n) => s.run(db, n));
    await s.release();
    expect(s.batches).toEqual([[1], [11, 21, 31]]);
    await s.release();
    await s.release();
    await s.release();
    expect(s.batches).toEqual([[1], [11, 21, 31], [12, 41, 51], [13]]);
    expect([await first, ...(await Promise.all(answers))]).toEqual([10, 110, 120, 210, 130, 310, 410, 510]);
  });

  it("keeps the calls of different databases apart", async () => {
    const s = statement();
    const other = {} as Db;
    const a = s.run(db, 1);
    const b = s.run(other, 2);
    await turn();
    expect(s.batches).toEqual([[1], [2]]);
    await s.release();
    expect([await a, await b]).toEqual([10, 20]);
  });
});
