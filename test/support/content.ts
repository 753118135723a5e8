import { expect } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { groupsEndpoints } from "../../src/core/endpoints/groups";
import { videosEndpoints } from "../../src/core/endpoints/videos";
import type { Member } from "./app";

/**
 * A cultivation group she starts, as its page shows it; `body` names it and chooses its settings
 * (private, joined by approval, unless it says otherwise).
 */
export async function startGroup(owner: Member, body: Partial<BodyIn<typeof groupsEndpoints.create>> = {}) {
  const res = await owner.client.call(groupsEndpoints.create, {
    body: {
      name: "Daughters of Zion",
      description: "We study the feasts together.",
      category: "cultural",
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A group any member may see and join at once. */
export const openGroup = (owner: Member) =>
  startGroup(owner, {
    name: "Open Door",
    description: "Anyone may come and study with us.",
    isPrivate: false,
    requiresApproval: false,
  });

/** A teaching an administrator publishes; every member hears of it. */
export async function publishVideo(
  admin: Member,
  body: Partial<BodyIn<typeof videosEndpoints.adminCreate>> = {},
) {
  const res = await admin.client.call(videosEndpoints.adminCreate, {
    body: {
      title: "The Good Shepherd",
      description: "Psalm 23, line by line.",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
