import type { Db } from "./client";

interface Call<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

/** The calls of one statement on one database, sent in batches. */
class BatchQueue<In, Out> {
  private readonly waiting: Call<In, Out>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch: number,
    private readonly inFlight: number,
    private readonly apart?: (input: In) => string,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends once the requests read in this turn of the event loop have all been handled, so they
   * leave as one batch rather than the first alone and the rest after it.
   */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** The next batch: the first calls waiting, but never two with the same `apart` key. */
  private take(): Call<In, Out>[] {
    const apart = this.apart;
    if (!apart) return this.waiting.splice(0, this.maxBatch);
    const batch: Call<In, Out>[] = [];
    const keys = new Set<string>();
    const later: Call<In, Out>[] = [];
    for (const call of this.waiting) {
      const key = apart(call.input);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(call);
      } else {
        later.push(call);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...later);
    return batch;
  }

  private pump() {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const batch = this.take();
      this.running++;
      void this.send(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  private async send(batch: Call<In, Out>[]) {
    try {
      const outs = await this.run(batch.map((call) => call.input));
      for (const [i, call] of batch.entries()) call.resolve(outs[i] as Out);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // One bad row (a video deleted meanwhile) must not fail the others: each goes alone.
      await Promise.all(
        batch.map((call) => this.run([call.input]).then(([out]) => call.resolve(out as Out), call.reject)),
      );
    }
  }
}

/**
 * A write many members make at once (a reflection, a prayer), sent together. A call that finds the
 * statement idle goes at once; calls arriving while `inFlight` batches are in the database wait and
 * leave together as the next batch: one round trip and one commit for all of them, each resolved
 * only once its row is committed. `run` returns one result per input, in the inputs' order.
 * Calls with the same `apart` key never share a batch: the later leaves with the next one, so a
 * statement may take each batch as calls made one after the other by different callers.
 */
export function batchedStatement<In, Out>(
  run: (db: Db, inputs: In[]) => Promise<Out[]>,
  {
    maxBatch = 64,
    inFlight = 2,
    apart,
  }: { maxBatch?: number; inFlight?: number; apart?: (input: In) => string } = {},
) {
  const queues = new WeakMap<Db, BatchQueue<In, Out>>();
  return (db: Db, input: In): Promise<Out> => {
    let queue = queues.get(db);
    if (!queue) {
      queue = new BatchQueue((inputs) => run(db, inputs), maxBatch, inFlight, apart);
      queues.set(db, queue);
    }
    return queue.submit(input);
  };
}
