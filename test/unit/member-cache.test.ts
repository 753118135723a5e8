import { describe, expect, it } from "vitest";
import { MemberCache } from "../../src/server/http/member-cache";

describe("MemberCache", () => {
  it("keeps an answer until the community changes", async () => {
    const cache = new MemberCache(() => true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(1);
    cache.invalidate();
    expect(await cache.get("a", load)).toBe(2);
  });

  it("does not keep an answer loaded while a change arrived", async () => {
    const cache = new MemberCache(() => true);
    let release: (v: string) => void = () => {};
    const slow = cache.get("a", () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    release("read before the change");
    expect(await slow).toBe("read before the change");
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
  });

  it("shares one load between parallel requests for the same answer", async () => {
    const cache = new MemberCache(() => true);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setImmediate(r));
      return loads;
    };
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it("keeps nothing while it cannot hear of changes", async () => {
    let live = false;
    const cache = new MemberCache(() => live);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("a", load);
    await cache.get("a", load);
    expect(loads).toBe(2);
    live = true;
    await cache.get("a", load);
    await cache.get("a", load);
    expect(loads).toBe(3);
  });

  it("forgets the oldest answer beyond its size", async () => {
    const cache = new MemberCache(() => true, 2);
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "reloaded")).toBe("reloaded");
  });

  it("lets a failed load be tried again", async () => {
    const cache = new MemberCache(() => true);
    await expect(cache.get("a", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => "ok")).toBe("ok");
  });
});
