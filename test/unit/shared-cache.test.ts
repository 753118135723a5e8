import { describe, expect, it } from "vitest";
import { invalidateSharedCaches, SharedCache, sharedCache } from "../../src/server/http/shared-cache";

describe("shared cache", () => {
  it("answers from memory within its time to live, with one load for simultaneous callers", async () => {
    const cache = new SharedCache<number[]>(10_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return [1, 2, 3];
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get("page", load)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await cache.get("page", load);
    expect(loads).toBe(1);
  });

  it("loads again after its time to live or when content changes", async () => {
    const cache = new SharedCache<string>(0);
    let n = 0;
    await cache.get("k", async () => `v${++n}`);
    expect((await cache.get("k", async () => `v${++n}`)).value).toBe("v2");

    const db = {};
    const named = sharedCache<string>(db, "list", 60_000);
    await named.get("k", async () => "old");
    invalidateSharedCaches(db);
    expect((await named.get("k", async () => "new")).value).toBe("new");
    expect(sharedCache(db, "list")).toBe(named);
    expect(sharedCache({}, "list")).not.toBe(named);
  });

  it("gives the same tag to the same content and another to different content", async () => {
    const a = await new SharedCache<object>().get("x", async () => ({ id: 1 }));
    const b = await new SharedCache<object>().get("x", async () => ({ id: 1 }));
    const c = await new SharedCache<object>().get("x", async () => ({ id: 2 }));
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
    expect(a.etag).toMatch(/^W\/"/);
  });

  it("does not keep a failed load", async () => {
    const cache = new SharedCache<string>();
    await expect(cache.get("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect((await cache.get("k", async () => "recovered")).value).toBe("recovered");
  });
});
