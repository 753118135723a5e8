import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HIDDEN_MEMBER_NAME } from "../../src/core/format";
import type { ConversationStatus } from "../../src/core/messages/limits";
import {
  blockedByGroupPostAuthor,
  canJoinEventOnline,
  canSeeEvent,
  canSeeEventPlace,
  canSeeGroupPost,
  canSeeMemberContent,
  canSeeNote,
  canSeePrayerRequest,
  canSeePrayerResponse,
  conversationGroupsOf,
  conversationOpenTo,
  eventEditableBy,
  eventOnlineLinkOpenTo,
  eventPlaceVisibleTo,
  eventVisibleTo,
  type GroupKind,
  groupLedBy,
  groupPostEditableBy,
  groupPostOnHomeOf,
  groupPostRemovableBy,
  groupPostVisibleTo,
  hidesPrayerAuthorFrom,
  hidesPrayerResponseAuthorFrom,
  hidesProfileFrom,
  inEventGroup,
  isOnPatronsPrayerList,
  leadersOf,
  leadsGroup,
  mayAnnounceInGroup,
  mayCreateEvent,
  mayDeletePost,
  mayEditEvent,
  mayEditGroup,
  mayEditGroupPost,
  mayEditPost,
  mayPinGroupPost,
  mayRemoveGroupPost,
  maySendIn,
  mayTakePartInConversation,
  memberOfStatement,
  membershipLeads,
  newestPrayerRequestIdsVisibleTo,
  noteVisibleTo,
  type ProfileRow,
  patronsPrayerListHolds,
  personAsSeenBy,
  personColumnsSeenBy,
  postConversationOpenTo,
  postEditableBy,
  postGroupLedBy,
  postInGroupIdsOf,
  prayerAuthorHiddenFrom,
  prayerRequestVisibleTo,
  prayerResponseAuthorHiddenFrom,
  prayerResponseVisibleTo,
  profileHiddenFrom,
  sendsIn,
  showsGroupPostOnHome,
  type Viewer,
} from "../../src/server/auth/policies";
import { type StandInTable, sqlAgreement } from "../support/sql-agreement";

const AUTHOR_ID = 1;
const author: Viewer = { id: AUTHOR_ID, isAdmin: false };
const member: Viewer = { id: 2, isAdmin: false };
const admin: Viewer = { id: 3, isAdmin: true };
/** An administrator reading her own request: both rights at once. */
const adminAuthor: Viewer = { id: AUTHOR_ID, isAdmin: true };

const request = (flags: { isPrivate?: boolean; isAnonymous?: boolean } = {}) => ({
  userId: AUTHOR_ID,
  isPrivate: flags.isPrivate ?? false,
  isAnonymous: flags.isAnonymous ?? false,
  hiddenAt: null,
  authorSuspendedUntil: null,
  authorBlockedByViewer: false,
});

/** Authors whose moderation differs: suspended now, suspended once, blocked by the member. */
const SUSPENDED_ID = 4;
const WAS_SUSPENDED_ID = 5;
const BLOCKED_ID = 6;
const DAY = 86_400_000;
const suspensions = new Map([
  [SUSPENDED_ID, new Date(Date.now() + DAY)],
  [WAS_SUSPENDED_ID, new Date(Date.now() - DAY)],
]);
const blocks: [blocker: number, blocked: number][] = [[member.id, BLOCKED_ID]];

describe("canSeeMemberContent", () => {
  const row = { ...request(), hiddenAt: new Date() };
  it("keeps hidden content from other members, not from its author or an administrator", () => {
    expect(canSeeMemberContent(member, row)).toBe(false);
    expect(canSeeMemberContent(author, row)).toBe(true);
    expect(canSeeMemberContent(admin, row)).toBe(true);
  });

  it("keeps a suspended member's content from others while the suspension lasts", () => {
    const suspended = { ...request(), authorSuspendedUntil: new Date(Date.now() + DAY) };
    expect(canSeeMemberContent(member, suspended)).toBe(false);
    expect(
      canSeeMemberContent(member, { ...suspended, authorSuspendedUntil: new Date(Date.now() - DAY) }),
    ).toBe(true);
    expect(canSeeMemberContent(member, { ...suspended, authorSuspendedUntil: new Date("infinity") })).toBe(
      false,
    );
  });

  it("keeps what a blocked member wrote from the one who blocked her only", () => {
    expect(canSeeMemberContent(member, { ...request(), authorBlockedByViewer: true })).toBe(false);
    expect(canSeeMemberContent(admin, { ...request(), authorBlockedByViewer: true })).toBe(true);
  });
});

describe("canSeePrayerRequest", () => {
  it("lets every member see a public request", () => {
    for (const viewer of [member, author, admin]) expect(canSeePrayerRequest(viewer, request())).toBe(true);
  });

  it("lets the author see her own private request", () => {
    expect(canSeePrayerRequest(author, request({ isPrivate: true }))).toBe(true);
  });

  it("lets an administrator see another member's private request", () => {
    expect(canSeePrayerRequest(admin, request({ isPrivate: true }))).toBe(true);
  });

  it("keeps a private request from other members", () => {
    expect(canSeePrayerRequest(member, request({ isPrivate: true }))).toBe(false);
  });

  it("does not let anonymity hide a public request", () => {
    expect(canSeePrayerRequest(member, request({ isAnonymous: true }))).toBe(true);
  });

  it("shows an anonymous request whose author she blocked: blocking must not tell her whose it is", () => {
    const blocked = { ...request({ isAnonymous: true }), authorBlockedByViewer: true };
    expect(canSeePrayerRequest(member, blocked)).toBe(true);
    expect(canSeePrayerRequest(member, { ...blocked, isAnonymous: false })).toBe(false);
  });

  it("keeps a private anonymous request from other members only", () => {
    const row = request({ isPrivate: true, isAnonymous: true });
    expect(canSeePrayerRequest(member, row)).toBe(false);
    expect(canSeePrayerRequest(author, row)).toBe(true);
    expect(canSeePrayerRequest(admin, row)).toBe(true);
  });
});

describe("hidesPrayerAuthorFrom", () => {
  it("names the author of a request that is not anonymous, private or not", () => {
    for (const viewer of [member, author, admin]) {
      expect(hidesPrayerAuthorFrom(viewer, request())).toBe(false);
      expect(hidesPrayerAuthorFrom(viewer, request({ isPrivate: true }))).toBe(false);
    }
  });

  it("hides an anonymous author from other members", () => {
    expect(hidesPrayerAuthorFrom(member, request({ isAnonymous: true }))).toBe(true);
  });

  it("does not hide the author from herself", () => {
    expect(hidesPrayerAuthorFrom(author, request({ isAnonymous: true }))).toBe(false);
  });

  it("does not hide the author from an administrator", () => {
    expect(hidesPrayerAuthorFrom(admin, request({ isAnonymous: true }))).toBe(false);
  });

  it("names the author of a private anonymous request to the two who may see it", () => {
    const row = request({ isPrivate: true, isAnonymous: true });
    expect(hidesPrayerAuthorFrom(author, row)).toBe(false);
    expect(hidesPrayerAuthorFrom(admin, row)).toBe(false);
  });
});

describe("canSeePrayerResponse", () => {
  const reply = (userId: number) => ({
    userId,
    hiddenAt: null,
    authorSuspendedUntil: null,
    authorBlockedByViewer: true,
  });
  it("shows the anonymous author's reply on her own request to a member who blocked her", () => {
    expect(canSeePrayerResponse(member, reply(AUTHOR_ID), request({ isAnonymous: true }))).toBe(true);
    expect(hidesPrayerResponseAuthorFrom(member, reply(AUTHOR_ID), request({ isAnonymous: true }))).toBe(
      true,
    );
  });

  it("keeps a blocked member's named replies away, on anonymous requests too", () => {
    expect(canSeePrayerResponse(member, reply(AUTHOR_ID), request())).toBe(false);
    expect(canSeePrayerResponse(member, reply(BLOCKED_ID), request({ isAnonymous: true }))).toBe(false);
  });
});

/** Every combination of author, privacy, anonymity and hiding, as rows of prayer_requests. */
const rows = [AUTHOR_ID, member.id, SUSPENDED_ID, WAS_SUSPENDED_ID, BLOCKED_ID]
  .flatMap((userId) =>
    [false, true].flatMap((isPrivate) =>
      [false, true].flatMap((isAnonymous) =>
        [false, true].map((hidden) => ({
          userId,
          isPrivate,
          isAnonymous,
          hiddenAt: hidden ? new Date(0) : null,
        })),
      ),
    ),
  )
  .map((row, i) => ({ id: i + 1, ...row }));

/**
 * Replies to every request: by its author, by the member a viewer blocked, and by a suspended
 * member, each shown and hidden.
 */
const responses = rows
  .flatMap((r) =>
    [r.userId, BLOCKED_ID, SUSPENDED_ID].flatMap((userId) =>
      [null, new Date(0)].map((hiddenAt) => ({ prayerRequestId: r.id, userId, hiddenAt })),
    ),
  )
  .map((x, i) => ({ id: i + 1, ...x }));

/** A row as the viewer meets it: its author's suspension, and whether the viewer blocked her. */
const asSeenBy = (viewer: Viewer, row: (typeof rows)[number]) => ({
  ...row,
  authorSuspendedUntil: suspensions.get(row.userId) ?? null,
  authorBlockedByViewer: blocks.some(([blocker, blocked]) => blocker === viewer.id && blocked === row.userId),
});

const viewers = { member, author, admin, adminAuthor };

describe("the SQL of each rule agrees with its TypeScript", () => {
  // Temporary tables of the same names and columns stand in for prayer_requests and the rest.
  const { query, expectAgreement } = sqlAgreement(async (table) => {
    await table(
      "prayer_requests",
      `id int primary key, user_id int not null, is_private boolean not null, is_anonymous boolean not null,
      hidden_at timestamptz`,
      rows.map((r) => [r.id, r.userId, r.isPrivate, r.isAnonymous, r.hiddenAt]),
    );
    await table(
      "prayer_responses",
      "id int primary key, prayer_request_id int not null, user_id int not null, hidden_at timestamptz",
      responses.map((r) => [r.id, r.prayerRequestId, r.userId, r.hiddenAt]),
    );
    await table("users", "id int primary key, suspended_until timestamptz", [...suspensions]);
    await table("member_blocks", "blocker_id int, blocked_id int", blocks);
  });
  const requestAnswers = (viewer: Viewer) => (r: (typeof rows)[number]) => ({
    id: r.id,
    visible: canSeePrayerRequest(viewer, asSeenBy(viewer, r)),
    hidden: hidesPrayerAuthorFrom(viewer, r),
  });

  for (const [name, viewer] of Object.entries(viewers)) {
    it(`decides as TypeScript does for the ${name}, with a known viewer`, async () => {
      await expectAgreement(
        sql`select id, ${prayerRequestVisibleTo(viewer)} as visible, ${prayerAuthorHiddenFrom(viewer)} as hidden
          from prayer_requests order by id`,
        rows,
        requestAnswers(viewer),
      );
    });

    it(`decides as TypeScript does for the ${name}, with the viewer read from columns`, async () => {
      const columns = { id: sql.raw("v.id"), isAdmin: sql.raw("v.is_admin") };
      await expectAgreement(
        sql`select p.id, ${prayerRequestVisibleTo(columns, "p")} as visible,
            ${prayerAuthorHiddenFrom(columns, "p")} as hidden
          from prayer_requests p, (select ${viewer.id}::int as id, ${viewer.isAdmin}::boolean as is_admin) v
          order by p.id`,
        rows,
        requestAnswers(viewer),
      );
    });

    it(`decides who sees each response as TypeScript does for the ${name}`, async () => {
      await expectAgreement(
        sql`select id, ${prayerResponseVisibleTo(viewer)} as visible,
            ${prayerResponseAuthorHiddenFrom(viewer)} as hidden
          from prayer_responses order by id`,
        responses,
        (x) => {
          const answered = rows.find((r) => r.id === x.prayerRequestId)!;
          const response = asSeenBy(viewer, { ...answered, ...x });
          return {
            id: x.id,
            visible: canSeePrayerResponse(viewer, response, answered),
            hidden: hidesPrayerResponseAuthorFrom(viewer, response, answered),
          };
        },
      );
    });

    it(`lists the newest requests the ${name} may see, each once, and only those`, async () => {
      await expectAgreement(
        sql`select id from (${newestPrayerRequestIdsVisibleTo(viewer, { limit: 100 })}) ids order by id`,
        rows.filter((r) => canSeePrayerRequest(viewer, asSeenBy(viewer, r))),
        (r) => ({ id: r.id }),
      );
    });
  }

  it("cuts each branch of the list at the limit, newest first, after the caller's conditions", async () => {
    const listed = await query<{ id: number }>(
      sql`select id from (${newestPrayerRequestIdsVisibleTo(author, {
        limit: 1,
        where: (table) => [sql.raw(`${table}.id < 7`)],
      })}) ids order by id desc`,
    );
    // Her public ones below 7 (shown or hidden): 1 to 4; her private ones: 5, 6.
    expect(listed.map((r) => r.id)).toEqual([6, 4]);
  });
});

// Members' names and the profile setting.

/** Members by their setting: off, on, never chosen. */
const HIDDEN = 101;
const SHOWN = 102;
const UNSET = 103;
const settingOf = new Map<number, boolean | undefined>([
  [HIDDEN, false],
  [SHOWN, true],
  [UNSET, undefined],
]);
/** Who may ask, and what ties each to the members (every tie is with HIDDEN unless said). */
const profileViewers = {
  herself: { id: HIDDEN, isAdmin: false },
  stranger: { id: 110, isAdmin: false },
  groupAdmin: { id: 111, isAdmin: false },
  groupMember: { id: 112, isAdmin: false },
  otherGroupAdmin: { id: 113, isAdmin: false },
  localLeader: { id: 114, isAdmin: false },
  localMember: { id: 115, isAdmin: false },
  activePartner: { id: 116, isAdmin: false },
  pendingPartner: { id: 117, isAdmin: false },
  pastPartner: { id: 118, isAdmin: false },
  declinedPartner: { id: 119, isAdmin: false },
  administrator: { id: 120, isAdmin: true },
} satisfies Record<string, Viewer>;
const v = profileViewers;
/** [group, member, role]: group 1 holds HIDDEN, group 2 does not. */
const cultivationMembers: [number, number, string][] = [
  [1, HIDDEN, "member"],
  [1, v.groupAdmin.id, "admin"],
  [1, v.groupMember.id, "member"],
  [2, v.otherGroupAdmin.id, "admin"],
  [2, SHOWN, "member"],
  // Her own group: she leads it, which shows her nobody she does not already see.
  [3, HIDDEN, "admin"],
];
const localMembers: [number, number, string][] = [
  [1, HIDDEN, "member"],
  [1, v.localLeader.id, "leader"],
  [1, v.localMember.id, "member"],
];
/** [mentor, mentee, status] */
const connections: [number, number, string][] = [
  [v.activePartner.id, HIDDEN, "active"],
  [HIDDEN, v.pendingPartner.id, "pending"],
  [v.pastPartner.id, HIDDEN, "completed"],
  [HIDDEN, v.declinedPartner.id, "declined"],
];

/** A member as the viewer meets her, ties worked out from the fixtures above. */
function profileRow(viewer: Viewer, userId: number): ProfileRow {
  const leads = (kind: GroupKind, members: [number, number, string][]) =>
    members.some(
      ([group, id, role]) =>
        id === viewer.id &&
        leadsGroup(kind, { role }) &&
        members.some(([g, m]) => g === group && m === userId),
    );
  return {
    userId,
    showProfileToMembers: settingOf.get(userId),
    viewerLeadsHerGroup: leads("cultivation", cultivationMembers) || leads("local", localMembers),
    viewerIsHerPartner: connections.some(
      ([mentor, mentee, status]) =>
        (status === "active" || status === "pending") &&
        ((mentor === viewer.id && mentee === userId) || (mentee === viewer.id && mentor === userId)),
    ),
  };
}

describe("hidesProfileFrom", () => {
  const hidden = (viewer: Viewer, userId = HIDDEN) => hidesProfileFrom(viewer, profileRow(viewer, userId));

  it("hides a member whose setting is off from other members, and no one else", () => {
    for (const viewer of [v.stranger, v.groupMember, v.otherGroupAdmin, v.localMember]) {
      expect(hidden(viewer)).toBe(true);
      expect(hidden(viewer, SHOWN)).toBe(false);
      expect(hidden(viewer, UNSET)).toBe(false);
    }
  });

  it("shows her to herself, administrators, the admins and leaders of her groups and her partners", () => {
    for (const viewer of [
      v.herself,
      v.administrator,
      v.groupAdmin,
      v.localLeader,
      v.activePartner,
      v.pendingPartner,
    ])
      expect(hidden(viewer)).toBe(false);
  });

  it("hides her from those whose connection with her was declined or completed", () => {
    expect(hidden(v.pastPartner)).toBe(true);
    expect(hidden(v.declinedPartner)).toBe(true);
  });

  it('gives the hidden member\'s place to "A member", with no other name and no picture', () => {
    const person = { firstName: "Ruth", lastName: "Abel", profileImageUrl: "https://example.test/ruth.png" };
    expect(personAsSeenBy(v.stranger, { ...profileRow(v.stranger, HIDDEN), ...person })).toEqual({
      firstName: HIDDEN_MEMBER_NAME,
      lastName: null,
      profileImageUrl: null,
    });
    expect(personAsSeenBy(v.groupAdmin, { ...profileRow(v.groupAdmin, HIDDEN), ...person })).toEqual(person);
  });
});

describe("the SQL of the profile rule agrees with its TypeScript", () => {
  const members = [HIDDEN, SHOWN, UNSET];
  const nameOf = (id: number) => ({
    firstName: `First${id}`,
    lastName: `Last${id}`,
    profileImageUrl: `https://example.test/${id}.png`,
    email: `m${id}@example.test`,
  });

  const { expectAgreement } = sqlAgreement(async (table) => {
    await table(
      "users",
      `id int primary key, role text not null default 'member', settings jsonb not null default '{}',
      first_name text, last_name text, profile_image_url text, email text`,
      [
        ...members.map((id) => {
          const setting = settingOf.get(id);
          const n = nameOf(id);
          const settings = setting === undefined ? {} : { showProfileToMembers: setting };
          return [id, "member", settings, n.firstName, n.lastName, n.profileImageUrl, n.email];
        }),
        ...Object.values(profileViewers)
          .filter((viewer) => viewer.id !== HIDDEN)
          .map((viewer) => [viewer.id, viewer.isAdmin ? "admin" : "member", {}, null, null, null, null]),
      ],
    );
    await table("cultivation_group_members", "group_id int, user_id int, role text", cultivationMembers);
    await table("local_group_members", "group_id int, user_id int, role text", localMembers);
    await table("discipleship_connections", "mentor_id int, mentee_id int, status text", connections);
  });

  /** What the TypeScript says each member looks like to the viewer, in the SQL's columns. */
  const seenBy = (viewer: Viewer) => (id: number) => {
    const row = profileRow(viewer, id);
    const hidden = hidesProfileFrom(viewer, row);
    return {
      id,
      hidden,
      ...personAsSeenBy(viewer, { ...row, ...nameOf(id) }),
      email: hidden ? null : nameOf(id).email,
    };
  };
  const selected = (seen: ReturnType<typeof personColumnsSeenBy>, hidden: SQL) =>
    sql`${hidden} as hidden, ${seen.firstName} as "firstName", ${seen.lastName} as "lastName",
      ${seen.profileImageUrl} as "profileImageUrl", ${seen.email} as email`;

  for (const [name, viewer] of Object.entries(profileViewers)) {
    it(`names each member as TypeScript does to ${name}, with a known viewer`, async () => {
      await expectAgreement(
        sql`select u.id, ${selected(personColumnsSeenBy(viewer, "u"), profileHiddenFrom(viewer, "u"))}
          from users u where u.id in (${HIDDEN}, ${SHOWN}, ${UNSET}) order by u.id`,
        members,
        seenBy(viewer),
      );
    });

    it(`names each member as TypeScript does to ${name}, with the viewer read from columns`, async () => {
      // As the notifications read her: her id from the row, her rights from her role.
      const columns = { id: sql.raw("w.id"), isAdmin: sql.raw("(w.role = 'admin')") };
      await expectAgreement(
        sql`select u.id, ${selected(personColumnsSeenBy(columns, "u"), profileHiddenFrom(columns, "u"))}
          from users u, (select ${viewer.id}::int as id, ${viewer.isAdmin ? "admin" : "member"}::text as role) w
          where u.id in (${HIDDEN}, ${SHOWN}, ${UNSET}) order by u.id`,
        members,
        seenBy(viewer),
      );
    });
  }
});

// Events: who may open one.

/** Group 1 is private, group 2 public; the group member belongs to the first, the outsider to the second. */
const PRIVATE_GROUP = 1;
const PUBLIC_GROUP = 2;
const eventViewers = {
  groupMember: { id: 201, isAdmin: false },
  outsider: { id: 202, isAdmin: false },
  creator: { id: 203, isAdmin: false },
  administrator: { id: 204, isAdmin: true },
} satisfies Record<string, Viewer>;
const eventMembers: [group: number, user: number][] = [
  [PRIVATE_GROUP, eventViewers.groupMember.id],
  [PUBLIC_GROUP, eventViewers.outsider.id],
];
/** Every kind of event by its creator and by someone else: the ministry's, a private and a public group's, a local group's. */
const eventRows = [PRIVATE_GROUP, PUBLIC_GROUP, null]
  .flatMap((groupId) =>
    [eventViewers.creator.id, 299, null].flatMap((createdBy) =>
      (groupId === null ? [null, 7] : [null]).map((localGroupId) => ({ groupId, localGroupId, createdBy })),
    ),
  )
  .map((row, i) => ({ id: i + 1, ...row }));

describe("canSeeEvent", () => {
  const privateEvent = { createdBy: 299, groupId: PRIVATE_GROUP, groupIsPrivate: true, viewerInGroup: false };
  it("keeps a private group's event from those outside it, not from its members, creator or an administrator", () => {
    expect(canSeeEvent(eventViewers.outsider, privateEvent)).toBe(false);
    expect(canSeeEvent(eventViewers.groupMember, { ...privateEvent, viewerInGroup: true })).toBe(true);
    expect(canSeeEvent(eventViewers.creator, { ...privateEvent, createdBy: eventViewers.creator.id })).toBe(
      true,
    );
    expect(canSeeEvent(eventViewers.administrator, privateEvent)).toBe(true);
  });

  it("shows every other event to every member", () => {
    const outsider = eventViewers.outsider;
    expect(canSeeEvent(outsider, { ...privateEvent, groupIsPrivate: false })).toBe(true);
    expect(canSeeEvent(outsider, { ...privateEvent, groupId: null, groupIsPrivate: false })).toBe(true);
  });
});

/** The events and the cultivation groups' members, as both rules about events read them. */
const eventTables = async (table: StandInTable) => {
  await table(
    "events",
    "id int primary key, created_by int, group_id int, local_group_id int",
    eventRows.map((e) => [e.id, e.createdBy, e.groupId, e.localGroupId]),
  );
  await table("cultivation_group_members", "group_id int, user_id int", eventMembers);
};

describe("the SQL of the event rule agrees with its TypeScript", () => {
  const { expectAgreement } = sqlAgreement(async (table) => {
    await eventTables(table);
    await table("cultivation_groups", "id int primary key, is_private boolean not null", [
      [PRIVATE_GROUP, true],
      [PUBLIC_GROUP, false],
    ]);
    await table(
      "users",
      "id int primary key, role text not null",
      Object.values(eventViewers).map((viewer) => [viewer.id, viewer.isAdmin ? "admin" : "member"]),
    );
  });

  const visibleTo = (viewer: Viewer) => (e: (typeof eventRows)[number]) => ({
    id: e.id,
    visible: canSeeEvent(viewer, {
      createdBy: e.createdBy,
      groupId: e.groupId,
      groupIsPrivate: e.groupId === PRIVATE_GROUP,
      viewerInGroup: eventMembers.some(([group, user]) => group === e.groupId && user === viewer.id),
    }),
  });

  for (const [name, viewer] of Object.entries(eventViewers)) {
    it(`decides as TypeScript does for the ${name}, with a known viewer`, async () => {
      await expectAgreement(
        sql`select id, ${eventVisibleTo(viewer)} as visible from events order by id`,
        eventRows,
        visibleTo(viewer),
      );
    });

    it(`decides as TypeScript does for the ${name}, read from her users row inside the statement`, async () => {
      // As a recipient is read when she is told of an event, or when her answers end.
      await expectAgreement(
        sql`select e.id, ${eventVisibleTo(memberOfStatement(sql.raw("w.id")), "e")} as visible
          from events e, (select ${viewer.id}::int as id) w order by e.id`,
        eventRows,
        visibleTo(viewer),
      );
    });
  }
});

// Events: who may know where one happens, and have its online link.

const LOCAL_GROUP = 7;
const detailViewers = { ...eventViewers, localMember: { id: 205, isAdmin: false } } satisfies Record<
  string,
  Viewer
>;
const localEventMembers: [group: number, user: number][] = [[LOCAL_GROUP, detailViewers.localMember.id]];
/** [event, member, answer]: going and not going, to group events and the ministry's. */
const eventAnswers: [event: number, user: number, status: string][] = [
  [1, eventViewers.outsider.id, "going"],
  [4, eventViewers.outsider.id, "going"],
  [8, detailViewers.localMember.id, "going"],
  [2, eventViewers.groupMember.id, "maybe"],
  [5, eventViewers.groupMember.id, "waitlisted"],
  [10, detailViewers.localMember.id, "not_going"],
];
const inGroupOf = (viewer: Viewer, e: (typeof eventRows)[number]) =>
  eventMembers.some(([group, user]) => group === e.groupId && user === viewer.id) ||
  localEventMembers.some(([group, user]) => group === e.localGroupId && user === viewer.id);

describe("mayEditEvent, canSeeEventPlace and canJoinEventOnline", () => {
  const { creator, outsider, administrator, groupMember } = eventViewers;
  const groupEvent = { createdBy: 299, groupId: PUBLIC_GROUP, localGroupId: null, viewerInGroup: false };
  it("shows a group event's place to its members, its creator and the administrators only", () => {
    expect(canSeeEventPlace(outsider, groupEvent)).toBe(false);
    expect(canSeeEventPlace(groupMember, { ...groupEvent, viewerInGroup: true })).toBe(true);
    expect(canSeeEventPlace(creator, { ...groupEvent, createdBy: creator.id })).toBe(true);
    expect(canSeeEventPlace(administrator, groupEvent)).toBe(true);
  });

  it("shows a ministry event's place to every member", () => {
    expect(canSeeEventPlace(outsider, { ...groupEvent, groupId: null })).toBe(true);
    expect(canSeeEventPlace(outsider, { ...groupEvent, groupId: null, localGroupId: LOCAL_GROUP })).toBe(
      false,
    );
  });

  it("gives the online link to those going, its creator and the administrators", () => {
    expect(canJoinEventOnline(outsider, { createdBy: 299, viewerGoing: true })).toBe(true);
    expect(canJoinEventOnline(outsider, { createdBy: 299, viewerGoing: false })).toBe(false);
    expect(canJoinEventOnline(creator, { createdBy: creator.id, viewerGoing: false })).toBe(true);
    expect(canJoinEventOnline(administrator, { createdBy: null, viewerGoing: false })).toBe(true);
  });
});

describe("the SQL of an event's place, online link and editors agrees with its TypeScript", () => {
  const { expectAgreement } = sqlAgreement(async (table) => {
    await eventTables(table);
    await table("local_group_members", "group_id int, user_id int", localEventMembers);
    await table("event_rsvps", "event_id int, user_id int, status text", eventAnswers);
  });

  for (const [name, viewer] of Object.entries(detailViewers)) {
    it(`decides as TypeScript does for the ${name}`, async () => {
      await expectAgreement(
        sql`select e.id, ${inEventGroup(viewer.id, "e")} as "inGroup", ${eventEditableBy(viewer, "e")} as editable,
            ${eventPlaceVisibleTo(viewer, "e")} as place, ${eventOnlineLinkOpenTo(viewer, "e")} as online
          from events e order by e.id`,
        eventRows,
        (e) => ({
          id: e.id,
          inGroup: inGroupOf(viewer, e),
          editable: mayEditEvent(viewer, e),
          place: canSeeEventPlace(viewer, { ...e, viewerInGroup: inGroupOf(viewer, e) }),
          online: canJoinEventOnline(viewer, {
            createdBy: e.createdBy,
            viewerGoing: eventAnswers.some(
              ([id, user, status]) => id === e.id && user === viewer.id && status === "going",
            ),
          }),
        }),
      );
    });
  }
});

// Groups: who leads one.

/** Group 1 and 2 of each kind; who holds which place in each, by kind. */
const leadershipViewers = {
  leader: 301,
  member: 302,
  otherLeader: 303,
  stranger: 304,
  /** She leads group 1 and is a plain member of group 2. */
  both: 305,
} as const;
const leadershipRows: Record<GroupKind, [group: number, user: number, role: string][]> = {
  cultivation: [
    [1, leadershipViewers.leader, "admin"],
    [1, leadershipViewers.member, "member"],
    [1, leadershipViewers.both, "admin"],
    [2, leadershipViewers.otherLeader, "admin"],
    [2, leadershipViewers.both, "member"],
  ],
  local: [
    [1, leadershipViewers.leader, "leader"],
    [1, leadershipViewers.member, "member"],
    [1, leadershipViewers.both, "leader"],
    [2, leadershipViewers.otherLeader, "leader"],
    [2, leadershipViewers.both, "member"],
  ],
};
const groupKinds: GroupKind[] = ["cultivation", "local"];
const membershipIn = (kind: GroupKind, group: number, user: number) => {
  const row = leadershipRows[kind].find(([g, u]) => g === group && u === user);
  return row ? { role: row[2] } : undefined;
};

describe("leadsGroup", () => {
  it("says a cultivation group's admins and a local group's leaders lead it, and no one else", () => {
    expect(leadsGroup("cultivation", { role: "admin" })).toBe(true);
    expect(leadsGroup("local", { role: "leader" })).toBe(true);
    expect(leadsGroup("cultivation", { role: "member" })).toBe(false);
    expect(leadsGroup("local", { role: "member" })).toBe(false);
    expect(leadsGroup("cultivation", undefined)).toBe(false);
    expect(leadsGroup("local", null)).toBe(false);
    // Each kind's own word: an admin leads no local group.
    expect(leadsGroup("local", { role: "admin" })).toBe(false);
  });
});

describe("the SQL of the leadership rule agrees with its TypeScript", () => {
  const membersTable = (kind: GroupKind) =>
    kind === "cultivation" ? "cultivation_group_members" : "local_group_members";
  const { query, expectAgreement } = sqlAgreement(async (table) => {
    for (const kind of groupKinds)
      await table(membersTable(kind), "group_id int, user_id int, role text", leadershipRows[kind]);
  });
  const users = Object.values(leadershipViewers).sort((a, b) => a - b);

  for (const kind of groupKinds) {
    it(`decides who leads each ${kind} group as TypeScript does, for every member and group`, async () => {
      await expectAgreement(
        sql`select g.id as "group", u.id as "user", ${groupLedBy(kind, sql.raw("g.id"), sql.raw("u.id"))} as leads
          from (values (1), (2), (3)) g(id), unnest(${`{${users.join(",")}}`}::int[]) u(id)
          order by g.id, u.id`,
        [1, 2, 3].flatMap((group) => users.map((user) => ({ group, user }))),
        ({ group, user }) => ({ group, user, leads: leadsGroup(kind, membershipIn(kind, group, user)) }),
      );
    });

    it(`lists each ${kind} group's leaders as TypeScript names them`, async () => {
      for (const group of [1, 2, 3]) {
        await expectAgreement(
          sql`select user_id from (${leadersOf(kind, group)}) l(user_id) order by user_id`,
          users.filter((user) => leadsGroup(kind, membershipIn(kind, group, user))),
          (user) => ({ user_id: user }),
        );
      }
    });

    it(`reads a ${kind} membership row already at hand as TypeScript does`, async () => {
      const rows = await query<{ role: string; leads: boolean }>(
        sql`select m.role, ${membershipLeads(kind, "m")} as leads from ${sql.identifier(membersTable(kind))} m
          order by m.group_id, m.user_id`,
      );
      expect(rows.every((r) => r.leads === leadsGroup(kind, r))).toBe(true);
      expect(rows.some((r) => r.leads)).toBe(true);
      expect(rows.some((r) => !r.leads)).toBe(true);
    });
  }
});

// The patrons' prayer list: which requests the intercessors pray for.

/** Patrons and a member who is not one; every request is by one of them. */
const PATRON = 401;
const BLOCKED_PATRON = 402;
const SUSPENDED_PATRON = 403;
const NOT_A_PATRON = 404;
const intercessor: Viewer = { id: 410, isAdmin: false };
const listViewers = {
  intercessor,
  administrator: { id: 411, isAdmin: true },
  patron: { id: PATRON, isAdmin: false },
};
const patrons = new Set([PATRON, BLOCKED_PATRON, SUSPENDED_PATRON]);
const listBlocks: [blocker: number, blocked: number][] = [[intercessor.id, BLOCKED_PATRON]];
/** Every combination of author, privacy, sharing, anonymity and hiding. */
const listRows = [PATRON, BLOCKED_PATRON, SUSPENDED_PATRON, NOT_A_PATRON]
  .flatMap((userId) =>
    [false, true].flatMap((isPrivate) =>
      [false, true].flatMap((shareWithIntercessors) =>
        [false, true].flatMap((isAnonymous) =>
          [false, true].map((hidden) => ({
            userId,
            isPrivate,
            shareWithIntercessors,
            isAnonymous,
            hiddenAt: hidden ? new Date(0) : null,
          })),
        ),
      ),
    ),
  )
  .map((row, i) => ({ id: i + 1, ...row }));
const onListAsSeenBy = (viewer: Viewer, row: (typeof listRows)[number]) => ({
  ...row,
  authorIsPatron: patrons.has(row.userId),
  authorSuspendedUntil: row.userId === SUSPENDED_PATRON ? new Date(Date.now() + DAY) : null,
  authorBlockedByViewer: listBlocks.some(
    ([blocker, blocked]) => blocker === viewer.id && blocked === row.userId,
  ),
});

describe("isOnPatronsPrayerList", () => {
  const row = (flags: Partial<(typeof listRows)[number]> = {}) =>
    onListAsSeenBy(intercessor, { ...listRows[0]!, ...flags });
  it("lists a patron's public request, and her private one only when she shared it with the intercessors", () => {
    expect(isOnPatronsPrayerList(intercessor, row())).toBe(true);
    expect(isOnPatronsPrayerList(intercessor, row({ isPrivate: true }))).toBe(false);
    expect(isOnPatronsPrayerList(intercessor, row({ isPrivate: true, shareWithIntercessors: true }))).toBe(
      true,
    );
  });

  it("lists no request of a member who is not a patron, shared or not", () => {
    expect(
      isOnPatronsPrayerList(intercessor, row({ userId: NOT_A_PATRON, shareWithIntercessors: true })),
    ).toBe(false);
  });

  it("keeps hidden requests and a suspended patron's away, and a named one by a patron she blocked", () => {
    expect(isOnPatronsPrayerList(intercessor, row({ hiddenAt: new Date(0) }))).toBe(false);
    expect(isOnPatronsPrayerList(intercessor, row({ userId: SUSPENDED_PATRON }))).toBe(false);
    expect(isOnPatronsPrayerList(intercessor, row({ userId: BLOCKED_PATRON }))).toBe(false);
    expect(isOnPatronsPrayerList(intercessor, row({ userId: BLOCKED_PATRON, isAnonymous: true }))).toBe(true);
  });
});

describe("the SQL of the patrons' prayer list agrees with its TypeScript", () => {
  const { expectAgreement } = sqlAgreement(async (table) => {
    await table(
      "prayer_requests",
      `id int primary key, user_id int not null, is_private boolean not null,
      share_with_intercessors boolean not null, is_anonymous boolean not null, hidden_at timestamptz`,
      listRows.map((r) => [r.id, r.userId, r.isPrivate, r.shareWithIntercessors, r.isAnonymous, r.hiddenAt]),
    );
    await table(
      "users",
      "id int primary key, membership_tier text not null, suspended_until timestamptz",
      [PATRON, BLOCKED_PATRON, SUSPENDED_PATRON, NOT_A_PATRON].map((id) => [
        id,
        patrons.has(id) ? "premium" : "free",
        id === SUSPENDED_PATRON ? new Date(Date.now() + DAY) : null,
      ]),
    );
    await table("member_blocks", "blocker_id int, blocked_id int", listBlocks);
  });

  for (const [name, viewer] of Object.entries(listViewers)) {
    it(`lists the requests TypeScript lists, for the ${name}`, async () => {
      await expectAgreement(
        sql`select p.id, ${patronsPrayerListHolds(viewer, "p", "u")} as listed
          from prayer_requests p join users u on u.id = p.user_id order by p.id`,
        listRows,
        (r) => ({ id: r.id, listed: isOnPatronsPrayerList(viewer, onListAsSeenBy(viewer, r)) }),
      );
    });
  }
});

// Who may change what: an event, a group, what a member wrote.

describe("mayEditEvent and mayCreateEvent", () => {
  const creator: Viewer = { id: 501, isAdmin: false };
  const other: Viewer = { id: 502, isAdmin: false };
  const administrator: Viewer = { id: 503, isAdmin: true };
  it("lets its creator and the administrators change an event, and no one else", () => {
    expect(mayEditEvent(creator, { createdBy: creator.id })).toBe(true);
    expect(mayEditEvent(administrator, { createdBy: creator.id })).toBe(true);
    expect(mayEditEvent(other, { createdBy: creator.id })).toBe(false);
    // Its creator's account is gone: the administrators still may.
    expect(mayEditEvent(other, { createdBy: null })).toBe(false);
    expect(mayEditEvent(administrator, { createdBy: null })).toBe(true);
  });

  it("lets those who lead a group create its events, and the administrators any event", () => {
    expect(mayCreateEvent(other, { viewerLeads: true })).toBe(true);
    expect(mayCreateEvent(other, { viewerLeads: false })).toBe(false);
    expect(mayCreateEvent(other, null)).toBe(false);
    expect(mayCreateEvent(administrator, null)).toBe(true);
    expect(mayCreateEvent(administrator, { viewerLeads: false })).toBe(true);
  });
});

describe("mayEditGroup", () => {
  it("lets those who lead a group change it, and not its other members nor strangers", () => {
    expect(mayEditGroup("cultivation", { role: "admin" })).toBe(true);
    expect(mayEditGroup("local", { role: "leader" })).toBe(true);
    expect(mayEditGroup("cultivation", { role: "member" })).toBe(false);
    expect(mayEditGroup("local", undefined)).toBe(false);
  });
});

describe("mayEditPost and mayDeletePost", () => {
  const post = { userId: AUTHOR_ID };
  const owners = [AUTHOR_ID, member.id, admin.id];
  const { expectAgreement } = sqlAgreement((table) =>
    table(
      "discussions",
      "id int primary key, user_id int not null",
      owners.map((userId, i) => [i + 1, userId]),
    ),
  );

  it("lets only its author edit what she wrote, administrators included", () => {
    expect(mayEditPost(author, post)).toBe(true);
    expect(mayEditPost(member, post)).toBe(false);
    expect(mayEditPost(admin, post)).toBe(false);
    expect(mayEditPost(adminAuthor, post)).toBe(true);
  });

  it("lets its author and the administrators delete it", () => {
    expect(mayDeletePost(author, post)).toBe(true);
    expect(mayDeletePost(admin, post)).toBe(true);
    expect(mayDeletePost(member, post)).toBe(false);
  });

  it("edits in SQL exactly what TypeScript lets her edit", async () => {
    for (const viewer of Object.values(viewers)) {
      await expectAgreement(
        sql`select id, ${postEditableBy(viewer, "d")} as editable from discussions d order by id`,
        owners,
        (userId, i) => ({ id: i + 1, editable: mayEditPost(viewer, { userId }) }),
      );
    }
  });
});

// A group's conversation: who reads and writes it, edits, removes and pins.

const talk = {
  cultivationAdmin: 501,
  member: 502,
  localLeader: 503,
  blockedMember: 504,
  otherGroupAdmin: 505,
  stranger: 506,
  suspended: 509,
} as const;
const talkViewers: Record<string, Viewer> = {
  ...Object.fromEntries(Object.entries(talk).map(([name, id]) => [name, { id, isAdmin: false }])),
  /** The site administrator, in none of the groups. */
  administrator: { id: 507, isAdmin: true },
  /** An administrator who belongs to the cultivation group. */
  memberAdministrator: { id: 508, isAdmin: true },
};
const talkMembers: Record<GroupKind, [group: number, user: number, role: string][]> = {
  cultivation: [
    [1, talk.cultivationAdmin, "admin"],
    [1, talk.member, "member"],
    [1, talk.blockedMember, "member"],
    [1, talk.suspended, "member"],
    [1, 508, "member"],
    [2, talk.otherGroupAdmin, "admin"],
  ],
  local: [
    [1, talk.localLeader, "leader"],
    [1, talk.member, "member"],
    [1, talk.blockedMember, "member"],
  ],
};
/** The member blocked one author; the other blocked the member. */
const talkBlocks: [blocker: number, blocked: number][] = [
  [talk.member, talk.blockedMember],
  [talk.suspended, talk.member],
];
const talkPosts = (["cultivation", "local"] as const)
  .flatMap((groupKind) =>
    [1, 2].flatMap((groupId) =>
      [talk.cultivationAdmin, talk.member, talk.blockedMember, talk.suspended, talk.localLeader].flatMap(
        (userId) => [null, new Date(0)].map((hiddenAt) => ({ groupKind, groupId, userId, hiddenAt })),
      ),
    ),
  )
  .map((post, i) => ({ id: i + 1, ...post }));
const talkMembership = (kind: GroupKind, group: number, user: number) => {
  const row = talkMembers[kind].find(([g, u]) => g === group && u === user);
  return row ? { role: row[2] } : null;
};
const talkRow = (viewer: Viewer, post: (typeof talkPosts)[number]) => ({
  userId: post.userId,
  hiddenAt: post.hiddenAt,
  authorSuspendedUntil: post.userId === talk.suspended ? new Date(Date.now() + DAY) : null,
  authorBlockedByViewer: talkBlocks.some(
    ([blocker, blocked]) => blocker === viewer.id && blocked === post.userId,
  ),
});

describe("a group's conversation", () => {
  it("is for the group's accepted members only, whatever their role", () => {
    expect(mayTakePartInConversation({ role: "member" })).toBe(true);
    expect(mayTakePartInConversation({ role: "admin" })).toBe(true);
    expect(mayTakePartInConversation({ role: "leader" })).toBe(true);
    expect(mayTakePartInConversation(null)).toBe(false);
    expect(mayTakePartInConversation(undefined)).toBe(false);
  });

  it("keeps even an administrator out of a group she does not belong to", () => {
    const post = { ...talkRow(talkViewers.administrator!, talkPosts[0]!) };
    expect(canSeeGroupPost(talkViewers.administrator!, post, null)).toBe(false);
    expect(
      canSeeGroupPost(talkViewers.administrator!, { ...post, hiddenAt: new Date() }, { role: "member" }),
    ).toBe(true);
  });

  it("lets its author edit, its author and the group's leaders remove, and the leaders pin and announce", () => {
    const post = { userId: talk.member, groupKind: "local" as const };
    expect(mayEditGroupPost({ id: talk.member, isAdmin: false }, post)).toBe(true);
    expect(mayEditGroupPost({ id: talk.localLeader, isAdmin: false }, post)).toBe(false);
    expect(mayRemoveGroupPost({ id: talk.localLeader, isAdmin: false }, post, { role: "leader" })).toBe(true);
    expect(mayRemoveGroupPost({ id: talk.blockedMember, isAdmin: false }, post, { role: "member" })).toBe(
      false,
    );
    // A cultivation group's word for its leaders is not a local group's.
    expect(mayRemoveGroupPost({ id: talk.localLeader, isAdmin: false }, post, { role: "admin" })).toBe(false);
    expect(mayPinGroupPost("cultivation", { role: "admin" })).toBe(true);
    expect(mayPinGroupPost("cultivation", { role: "member" })).toBe(false);
    expect(mayAnnounceInGroup("local", { role: "leader" })).toBe(true);
    expect(mayAnnounceInGroup("local", null)).toBe(false);
  });
});

describe("the SQL of the conversation's rules agrees with its TypeScript", () => {
  const { query, expectAgreement } = sqlAgreement(async (table) => {
    for (const kind of groupKinds) {
      await table(
        kind === "cultivation" ? "cultivation_group_members" : "local_group_members",
        "group_id int, user_id int, role text",
        talkMembers[kind],
      );
    }
    await table(
      "group_posts",
      "id int primary key, group_kind text not null, group_id int not null, user_id int not null, hidden_at timestamptz",
      talkPosts.map((p) => [p.id, p.groupKind, p.groupId, p.userId, p.hiddenAt]),
    );
    await table("users", "id int primary key, suspended_until timestamptz", [
      [talk.suspended, new Date(Date.now() + DAY)],
    ]);
    await table("member_blocks", "blocker_id int, blocked_id int", talkBlocks);
  });
  const users = [...Object.values(talk), 507, 508].sort((a, b) => a - b);

  for (const kind of groupKinds) {
    it(`opens each ${kind} group's conversation to whom TypeScript does`, async () => {
      await expectAgreement(
        sql`select g.id as "group", u.id as "user", ${conversationOpenTo(kind, sql.raw("g.id"), sql.raw("u.id"))} as open
          from (values (1), (2), (3)) g(id), unnest(${`{${users.join(",")}}`}::int[]) u(id)
          order by g.id, u.id`,
        [1, 2, 3].flatMap((group) => users.map((user) => ({ group, user }))),
        ({ group, user }) => ({
          group,
          user,
          open: mayTakePartInConversation(talkMembership(kind, group, user)),
        }),
      );
    });
  }

  for (const kind of groupKinds) {
    it(`lists as a set exactly the ${kind} groups whose conversation TypeScript opens to each member`, async () => {
      await expectAgreement(
        sql`select u.id as "user", array(${conversationGroupsOf(kind, sql.raw("u.id"))} order by 1) as groups
          from unnest(${`{${users.join(",")}}`}::int[]) u(id) order by u.id`,
        users,
        (user) => ({
          user,
          groups: [1, 2, 3].filter((group) => mayTakePartInConversation(talkMembership(kind, group, user))),
        }),
      );
    });
  }

  it("passes every post whose conversation is open to her by its group's id alone", async () => {
    const rows = await query<{ user: number; id: number; open: boolean; narrowed: boolean }>(
      sql`select u.id as "user", p.id, ${postConversationOpenTo(sql.raw("u.id"), "p")} as open,
          ${postInGroupIdsOf(sql.raw("u.id"), "p")} as narrowed
        from group_posts p, unnest(${`{${users.join(",")}}`}::int[]) u(id) order by u.id, p.id`,
    );
    expect(rows.filter((r) => r.open && !r.narrowed)).toEqual([]);
    // It narrows: a member of no group passes no post.
    expect(rows.filter((r) => r.user === talk.stranger && r.narrowed)).toEqual([]);
    expect(rows.some((r) => r.open)).toBe(true);
  });

  for (const [name, viewer] of Object.entries(talkViewers)) {
    it(`decides who sees, edits and removes each post as TypeScript does for the ${name}`, async () => {
      await expectAgreement(
        sql`select p.id, ${groupPostVisibleTo(viewer, "p")} as visible,
            ${postConversationOpenTo(viewer.id, "p")} as open,
            ${groupPostEditableBy(viewer, "p")} as editable,
            ${groupPostRemovableBy(viewer, "p")} as removable,
            ${postGroupLedBy(viewer.id, "p")} as leads,
            ${blockedByGroupPostAuthor(viewer.id, "p")} as blocked_by_author,
            ${groupPostOnHomeOf(viewer, "p")} as on_home
          from group_posts p order by p.id`,
        talkPosts,
        (post) => {
          const membership = talkMembership(post.groupKind, post.groupId, viewer.id);
          const blockedByAuthor = talkBlocks.some(
            ([blocker, blocked]) => blocker === post.userId && blocked === viewer.id,
          );
          return {
            id: post.id,
            visible: canSeeGroupPost(viewer, talkRow(viewer, post), membership),
            open: mayTakePartInConversation(membership),
            editable: mayEditGroupPost(viewer, post),
            removable: mayRemoveGroupPost(viewer, post, membership),
            leads: leadsGroup(post.groupKind, membership),
            blocked_by_author: blockedByAuthor,
            on_home: showsGroupPostOnHome({ ...talkRow(viewer, post), blockedByAuthor }, membership),
          };
        },
      );
    });
  }
});

describe("canSeeNote", () => {
  const notes = [
    { id: 1, userId: AUTHOR_ID },
    { id: 2, userId: member.id },
  ];

  it("keeps a note to its author: not another member, not an administrator", () => {
    expect(canSeeNote(author, notes[0]!)).toBe(true);
    expect(canSeeNote(member, notes[0]!)).toBe(false);
    expect(canSeeNote(admin, notes[0]!)).toBe(false);
  });

  const { expectAgreement } = sqlAgreement(async (table) => {
    await table(
      "video_notes",
      "id int primary key, user_id int not null",
      notes.map((n) => [n.id, n.userId]),
    );
  });
  for (const [name, viewer] of Object.entries({ author, member, admin })) {
    it(`decides in SQL as TypeScript does for the ${name}`, async () => {
      await expectAgreement(
        sql`select ${noteVisibleTo(viewer)} as visible from video_notes order by id`,
        notes,
        (n) => ({ visible: canSeeNote(viewer, n) }),
      );
    });
  }
});

describe("maySendIn", () => {
  // Every state a conversation can be in for her: each status, with or without the other member,
  // a block, a suspension.
  const states = ["open", "requested", "declined"].flatMap((status) =>
    [false, true].flatMap((otherGone) =>
      [false, true].flatMap((blocked) =>
        [false, true].map((suspended) => ({
          status: status as ConversationStatus,
          otherGone,
          blocked,
          suspended,
        })),
      ),
    ),
  );

  it("lets her write only in an open conversation with someone still here, no block, not suspended", () => {
    expect(states.filter(maySendIn)).toEqual([
      { status: "open", otherGone: false, blocked: false, suspended: false },
    ]);
  });

  const { expectAgreement } = sqlAgreement(async (table) => {
    await table(
      "conversation_states",
      "id int primary key, status text not null, other_id int, blocked boolean not null, suspended boolean not null",
      states.map((c, i) => [i, c.status, c.otherGone ? null : 2, c.blocked, c.suspended]),
    );
  });
  it("decides in SQL as TypeScript does", async () => {
    await expectAgreement(
      sql`select ${sendsIn({
        status: sql`status`,
        otherId: sql`other_id`,
        blocked: sql`blocked`,
        suspended: sql`suspended`,
      })} as sends from conversation_states order by id`,
      states,
      (c) => ({ sends: maySendIn(c) }),
    );
  });
});
