import { expect } from "vitest";
import type { BodyIn, Endpoint } from "../../src/core/contract";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import type { Member } from "./app";
import type { CallArgs } from "./calls";

/**
 * A step that creates something through `e` from `defaults`, overridden by the test's `body`; answers it.
 * Defaults that depend on the time are a function, read at each call.
 */
const creating =
  <E extends Endpoint>(e: E, defaults: BodyIn<E> | (() => BodyIn<E>)) =>
  async (by: Member, body: Partial<BodyIn<E>> = {}) => {
    const base = typeof defaults === "function" ? (defaults as () => BodyIn<E>)() : defaults;
    // The two halves of one body: the endpoint's own type, which TypeScript cannot spread while `E` is open.
    const input = [{ body: { ...(base as object), ...(body as object) } }] as unknown as CallArgs<E>;
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

/** A local group she leads; joined by approval unless `body` says otherwise. */
export const startLocalGroup = creating(localGroupsEndpoints.create, {
  name: "Austin sisters",
  description: "We meet monthly.",
  meetingType: "Bible Study",
  location: "Austin",
});

const DAY = 86_400_000;
/** A moment some days ahead, on the hour. */
export const daysAhead = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

type EventBody = BodyIn<typeof eventsEndpoints.create>;

/** An event five days ahead, from six to nine in the evening, in Jerusalem; `overrides` change it. */
export const eventBody = (overrides: Partial<EventBody> = {}): EventBody => ({
  title: "Shabbat dinner",
  description: "Bring a salad; we light the candles together.",
  startsAt: daysAhead(5).toISOString(),
  endsAt: daysAhead(5, 21).toISOString(),
  timeZone: "Asia/Jerusalem",
  location: "12 Ha-Nevi'im St, Jerusalem",
  ...overrides,
});

/** An event she creates, as its page shows it. */
export const createEvent = creating(eventsEndpoints.create, () => eventBody());
