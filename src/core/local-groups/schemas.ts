import { z } from "zod";
import { dateTime, optionalLine, pageQuery, requiredLine, searchText } from "../common-schemas";
import { LIMITS, MEETING_TYPES } from "../constants";
import { descriptionText, groupMember, membershipOf } from "../groups/schemas";

export const LOCAL_ROLES = ["leader", "member"] as const;
export type LocalRole = (typeof LOCAL_ROLES)[number];

export const LOCAL_GROUP_MESSAGES = {
  nameRequired: "Group name is required",
  meetingTypeRequired: "Meeting type is required",
  locationRequired: "Location is required",
  notFound: "Group not found",
  leadersOnly: "Only the group's leader can do that.",
  requestNotFound: "Join request not found",
  alreadyApproved: "This request has already been approved.",
  alreadyDeclined: "This request has already been declined.",
} as const;

/** POST /api/local-groups (SPEC §5 "Local group"). */
export const createLocalGroupBody = z.object({
  name: requiredLine(LOCAL_GROUP_MESSAGES.nameRequired, LIMITS.name),
  description: descriptionText,
  meetingType: z.enum(MEETING_TYPES, { message: LOCAL_GROUP_MESSAGES.meetingTypeRequired }),
  /** The general area anyone may see, e.g. a city or neighbourhood. */
  location: requiredLine(LOCAL_GROUP_MESSAGES.locationRequired, LIMITS.shortText),
  /** The exact meeting place, shared with members only. */
  address: optionalLine(LIMITS.shortText),
  meetingTime: optionalLine(LIMITS.shortText),
  contactInfo: optionalLine(LIMITS.shortText),
  /** Whether her approval is needed to join; a new group needs it unless she says otherwise. */
  requiresApproval: z.boolean().default(true),
});
export type CreateLocalGroupBody = z.infer<typeof createLocalGroupBody>;
export type CreateLocalGroupInput = z.input<typeof createLocalGroupBody>;

/**
 * PATCH /api/local-groups/:id: the whole group again, under the rules of its creation (blank
 * optional fields clear them; left out, `requiresApproval` stays as it is).
 */
export const updateLocalGroupBody = createLocalGroupBody.extend({ requiresApproval: z.boolean().optional() });
export type UpdateLocalGroupBody = z.infer<typeof updateLocalGroupBody>;

export const localGroupsQuery = pageQuery.extend({
  search: searchText,
  meetingType: z.preprocess((v) => (v === "" ? undefined : v), z.enum(MEETING_TYPES).optional()),
});
export type LocalGroupsQuery = z.infer<typeof localGroupsQuery>;

/** What everyone sees of a local group. */
const localGroupCard = {
  id: z.number(),
  name: z.string(),
  description: z.string(),
  meetingType: z.string(),
  location: z.string(),
  meetingTime: z.string().nullable(),
  requiresApproval: z.boolean(),
};

/**
 * A local group with the signed-in member's relation to it. `address` and `contactInfo` are
 * present only for the group's own members; everyone else sees the general area.
 */
export const localGroup = z.object({
  ...localGroupCard,
  memberCount: z.number(),
  createdAt: dateTime,
  isMember: z.boolean(),
  role: z.enum(LOCAL_ROLES).nullable(),
  /** She asked to join and waits for the leader's answer. */
  hasPendingRequest: z.boolean(),
  address: z.string().nullable().optional(),
  contactInfo: z.string().nullable().optional(),
});
export type LocalGroup = z.input<typeof localGroup>;

/** Another member as her local group lists her: never her e-mail. */
export const localGroupMember = groupMember.extend({ role: z.enum(LOCAL_ROLES) });
export type LocalGroupMember = z.input<typeof localGroupMember>;

/**
 * A local group's page: the group as the list shows it, with its members where she may see them
 * (its own members only) and, for its leader, how many requests wait for her answer.
 */
export const localGroupDetail = localGroup.extend({
  members: z.array(localGroupMember).optional(),
  pendingRequestCount: z.number().optional(),
});
export type LocalGroupDetail = z.input<typeof localGroupDetail>;

/** GET /api/my-local-groups (SPEC §3 "Local group membership"). */
export const myLocalGroupMembership = membershipOf(LOCAL_ROLES, {
  ...localGroupCard,
  address: z.string().nullable(),
  contactInfo: z.string().nullable(),
  memberCount: z.number(),
  /** Requests waiting for her answer; for the group's leader only. */
  pendingRequestCount: z.number().optional(),
});
export type MyLocalGroupMembership = z.input<typeof myLocalGroupMembership>;

/** She is in (with her role), or her request waits for the leader's approval. */
export const localJoinResult = z.object({
  status: z.enum(["joined", "pending"]),
  role: z.enum(LOCAL_ROLES).optional(),
});
export type LocalJoinResult = z.input<typeof localJoinResult>;

export const localLeaveResult = z.object({ status: z.literal("left") });
