import type { FastifyInstance } from "fastify";
import { isDatabaseUnavailable } from "../../http/errors";
import { SETTINGS_CHANNEL } from "./queries";
import { effectiveValues, loadSettings } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Reads the stored settings again, lays them over `app.config` and refreshes what shows them;
     * resolves once done. A committed change does this on every instance through its notice.
     */
    reloadSettings(): Promise<void>;
  }
}

/**
 * Loads the stored settings over `app.config` now (the app is built after the migrations), and again
 * on each announced change and each time the listening connection comes back (a notice may have been
 * missed meanwhile). `onApplied` hands the new values to what holds them (the pages, the caches).
 */
export async function watchSettings(app: FastifyInstance) {
  const appliedHandlers = new Set<() => void>();
  let queue: Promise<void> = Promise.resolve();
  const reload = () => {
    // One reload at a time, each reading the row as it is then: the last one sees the last change.
    const run = queue.then(async () => {
      const before = effectiveValues(app.config);
      await loadSettings(app.db, app.config);
      // The instance that made a change has applied it already when its own notice arrives.
      if (effectiveValues(app.config) === before) return;
      for (const handler of appliedHandlers) handler();
    });
    queue = run.catch((err: unknown) => app.log.warn({ err }, "the settings could not be read again"));
    return run;
  };
  try {
    await loadSettings(app.db, app.config);
  } catch (err) {
    // The app still starts and answers 503 while the database is away; the settings are read
    // when the listening connection comes back.
    if (!isDatabaseUnavailable(err)) throw err;
    app.log.warn(
      { err },
      "the settings could not be read; the server's own apply until the database answers",
    );
  }
  app.decorate("reloadSettings", reload);
  app.listener.on(SETTINGS_CHANNEL, () => void reload().catch(() => {}));
  app.listener.onConnection((active) => {
    if (active) void reload().catch(() => {});
  });
  return {
    /** Called after each reload, once the new values are in `app.config`. */
    onApplied(handler: () => void) {
      appliedHandlers.add(handler);
    },
  };
}
