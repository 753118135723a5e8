import { z } from "zod";
import {
  dateTime,
  idSchema,
  optionalText,
  pageQuery,
  requiredLine,
  requiredText,
  searchText,
} from "../common-schemas";
import {
  CULTIVATION_CATEGORY_VALUES,
  DESCRIPTION_MIN,
  GROUP_DEFAULT_MEMBERS,
  GROUP_MAX_MEMBERS,
  GROUP_MIN_MEMBERS,
  LIMITS,
} from "../constants";
import { t } from "../i18n";

export const GROUP_ROLES = ["admin", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const GROUP_MESSAGES = {
  nameRequired: "Group name is required",
  descriptionMin: `Description must be at least ${DESCRIPTION_MIN} characters`,
  categoryRequired: "Category is required",
  maxMembers: `Maximum members must be between ${GROUP_MIN_MEMBERS} and ${GROUP_MAX_MEMBERS}`,
  full: "This group is full. It has reached its maximum number of members.",
  notFound: "Group not found",
  adminsOnly: "Only the group's admins can do that.",
  requestNotFound: "Join request not found",
  lastAdmin:
    "You're the only admin of this group. Make another member an admin before you leave, so the group keeps a leader.",
  lastAdminDemote: "A group needs at least one admin. Make another member an admin first.",
  lastAdminRemove:
    "You're the only admin of this group. Make another member an admin before you step away, so the group keeps a leader.",
  tooSmall: (memberCount: number) =>
    t(
      "{count, plural, other {This group already has # members. Maximum members can't be lower than that.}}",
      { count: memberCount },
    ),
  notMember: "That person is not a member of this group.",
  alreadyApproved: "This request has already been approved.",
  alreadyDeclined: "This request has already been declined.",
} as const;

/** At least DESCRIPTION_MIN characters after trimming (SPEC §5). */
export const descriptionText = requiredText(GROUP_MESSAGES.descriptionMin, LIMITS.text, DESCRIPTION_MIN);

const maxMembersNumber = z
  .number({ message: GROUP_MESSAGES.maxMembers })
  .int({ message: GROUP_MESSAGES.maxMembers })
  .min(GROUP_MIN_MEMBERS, { message: GROUP_MESSAGES.maxMembers })
  .max(GROUP_MAX_MEMBERS, { message: GROUP_MESSAGES.maxMembers });

/** A group as its admins describe it: what the create form and the edit form both ask. */
const groupFields = {
  name: requiredLine(GROUP_MESSAGES.nameRequired, LIMITS.name),
  category: z.enum(CULTIVATION_CATEGORY_VALUES, { message: GROUP_MESSAGES.categoryRequired }),
  description: descriptionText,
  guidelines: optionalText(LIMITS.text),
  isPrivate: z.boolean(),
  requiresApproval: z.boolean(),
  maxMembers: maxMembersNumber,
};

/** POST /api/cultivation-groups (SPEC §5 "Create cultivation group"). */
export const createCultivationGroupBody = z.object({
  ...groupFields,
  isPrivate: groupFields.isPrivate.default(true),
  requiresApproval: groupFields.requiresApproval.default(true),
  maxMembers: maxMembersNumber.default(GROUP_DEFAULT_MEMBERS),
});
export type CreateCultivationGroupBody = z.infer<typeof createCultivationGroupBody>;
export type CreateCultivationGroupInput = z.input<typeof createCultivationGroupBody>;

/**
 * PATCH /api/cultivation-groups/:id: the whole group again, under the rules of its creation (the
 * edit form sends every field; blank guidelines clear them).
 */
export const updateCultivationGroupBody = z.object(groupFields);
export type UpdateCultivationGroupBody = z.infer<typeof updateCultivationGroupBody>;
export type UpdateCultivationGroupInput = z.input<typeof updateCultivationGroupBody>;

/** A blank or absent filter means "all". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const cultivationGroupsQuery = pageQuery.extend({
  search: searchText,
  category: z.preprocess(blankToUndefined, z.enum(CULTIVATION_CATEGORY_VALUES).optional()),
});
export type CultivationGroupsQuery = z.infer<typeof cultivationGroupsQuery>;

export const joinCultivationGroupBody = z
  .object({ requestMessage: optionalText(LIMITS.shortText * 5) })
  .nullish()
  .transform((v): { requestMessage?: string } => v ?? {});
export type JoinCultivationGroupBody = z.infer<typeof joinCultivationGroupBody>;

export const groupRequestParams = z.object({ id: idSchema, requestId: idSchema });
export const groupMemberParams = z.object({ id: idSchema, userId: idSchema });

export const setMemberRoleBody = z.object({
  role: z.enum(GROUP_ROLES, { message: "Role must be admin or member" }),
});

/** A group as a list shows it, with the signed-in member's own relation to it. */
export const cultivationGroupSummary = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  isPrivate: z.boolean(),
  requiresApproval: z.boolean(),
  maxMembers: z.number(),
  memberCount: z.number(),
  createdAt: dateTime,
  isMember: z.boolean(),
  role: z.enum(GROUP_ROLES).nullable(),
  hasPendingRequest: z.boolean(),
});
export type CultivationGroupSummary = z.input<typeof cultivationGroupSummary>;

/** Another member as a group shows her: never her e-mail. */
export const groupMember = z.object({
  userId: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(GROUP_ROLES),
  joinedAt: dateTime,
});
export type GroupMember = z.input<typeof groupMember>;

/**
 * The group page. `members` is left out for a private group unless the viewer belongs to it;
 * `pendingRequestCount` is there for the group's admins only.
 */
export const cultivationGroupDetail = cultivationGroupSummary.extend({
  guidelines: z.string().nullable(),
  members: z.array(groupMember).optional(),
  pendingRequestCount: z.number().optional(),
});
export type CultivationGroupDetail = z.input<typeof cultivationGroupDetail>;

/**
 * One of the member's memberships, of cultivation or local groups: her role there, when she joined,
 * and the group as her list shows it.
 */
export const membershipOf = <Roles extends readonly [string, ...string[]], Group extends z.ZodRawShape>(
  roles: Roles,
  group: Group,
) => z.object({ id: z.number(), role: z.enum(roles), joinedAt: dateTime, group: z.object(group) });

/** GET /api/my-groups: one of the member's memberships (SPEC §3 "My-groups membership"). */
export const myGroupMembership = membershipOf(GROUP_ROLES, {
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  memberCount: z.number(),
  isPrivate: z.boolean(),
});
export type MyGroupMembership = z.input<typeof myGroupMembership>;

export const joinResult = z.object({ status: z.enum(["joined", "pending"]) });
export type JoinResult = z.input<typeof joinResult>;

export const leaveResult = z.object({ status: z.literal("left") });

/** A pending join request as the group's admins see it. */
export const joinRequest = z.object({
  id: z.number(),
  requestMessage: z.string().nullable(),
  createdAt: dateTime,
  user: z.object({
    id: z.number(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type JoinRequest = z.input<typeof joinRequest>;

export const joinRequestDecision = z.object({
  id: z.number(),
  status: z.enum(["approved", "declined"]),
  memberCount: z.number(),
});
export type JoinRequestDecision = z.input<typeof joinRequestDecision>;
