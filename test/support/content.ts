import { expect } from "vitest";
import type { BodyIn, Endpoint } from "../../src/core/contract";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import type { Member } from "./app";
import type { CallArgs } from "./calls";

/** A step that creates something through `e` from `defaults`, overridden by the test's `body`; answers it. */
const creating =
  <E extends Endpoint>(e: E, defaults: BodyIn<E>) =>
  async (by: Member, body: Partial<BodyIn<E>> = {}) => {
    // The two halves of one body: the endpoint's own type, which TypeScript cannot spread while `E` is open.
    const input = [{ body: { ...(defaults as object), ...(body as object) } }] as unknown as CallArgs<E>;
    const res = await by.client.call(e, ...input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

/**
 * A cultivation group she starts, as its page shows it; `body` names it and chooses its settings
 * (private, joined by approval, unless it says otherwise).
 */
export const startGroup = creating(groupsEndpoints.create, {
  name: "Daughters of Zion",
  description: "We study the feasts together.",
  category: "cultural",
});

/** A group any member may see and join at once. */
export const openGroup = (owner: Member) =>
  startGroup(owner, {
    name: "Open Door",
    description: "Anyone may come and study with us.",
    isPrivate: false,
    requiresApproval: false,
  });

/** A teaching an administrator publishes; every member hears of it. */
export const publishVideo = creating(videosEndpoints.adminCreate, {
  title: "The Good Shepherd",
  description: "Psalm 23, line by line.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
});
