import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { adminGroup, adminUser, analyticsResponse } from "../../src/core/admin/schemas";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import {
  adminArticleSchema,
  articleCount,
  articleDiscussionSchema,
  articleSchema,
  articleSyncResult,
} from "../../src/core/articles/schemas";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { currentUser } from "../../src/core/auth/schemas";
import { backupsEndpoints } from "../../src/core/backups/endpoints";
import { backupStatus } from "../../src/core/backups/schemas";
import { messageResponse } from "../../src/core/common-schemas";
import type { BodyIn } from "../../src/core/contract";
import { conversationEndpoints } from "../../src/core/conversation/endpoints";
import {
  groupAnsweredResult,
  groupPinResult,
  groupPost,
  groupPostDetail,
  groupPostList,
  groupPostReactions,
  groupPrayResult,
  groupReactionResult,
  groupReply,
} from "../../src/core/conversation/schemas";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import {
  adminCourseSchema,
  courseEnrollmentSchema,
  courseSchema,
  enrollResult,
  notifyResult,
} from "../../src/core/courses/schemas";
import { demoContentEndpoints } from "../../src/core/demo-content/endpoints";
import { DEMO_REMOVAL_CONFIRMATION, demoContentStatus } from "../../src/core/demo-content/schemas";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import {
  createConnectionResult,
  discipleshipConnection,
  discipleshipConnectionList,
} from "../../src/core/discipleship/schemas";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import {
  adminEvent,
  calendarFeed,
  eventAttendees,
  eventDetail,
  eventOccurrence,
  messageAttendeesResult,
  rsvpResult,
} from "../../src/core/events/schemas";
import { givingEndpoints } from "../../src/core/giving/endpoints";
import { givingResponse, recurringGiftList } from "../../src/core/giving/schemas";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import {
  cultivationGroupDetail,
  cultivationGroupSummary,
  groupMember,
  joinRequest,
  joinRequestDecision,
  joinResult,
  leaveResult,
  myGroupMembership,
} from "../../src/core/groups/schemas";
import { healthEndpoints } from "../../src/core/health/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { homePage } from "../../src/core/home/schemas";
import { intercessorsEndpoints } from "../../src/core/intercessors/endpoints";
import { patronPrayer, prayedThisWeekResult } from "../../src/core/intercessors/schemas";
import { invitationsEndpoints } from "../../src/core/invitations/endpoints";
import { pendingInvitation } from "../../src/core/invitations/schemas";
import { landingEndpoints } from "../../src/core/landing/endpoints";
import { publicStats } from "../../src/core/landing/schemas";
import { lessonsEndpoints } from "../../src/core/lessons/endpoints";
import {
  adminCourseLessonsSchema,
  adminLessonSchema,
  adminModuleSchema,
  courseOutlineSchema,
  funnelSchema,
  lessonDoneSchema,
  lessonSchema,
  myCertificateSchema,
  publicCertificateSchema,
  quizResultSchema,
} from "../../src/core/lessons/schemas";
import { liveEndpoints } from "../../src/core/live/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import {
  localGroup,
  localGroupDetail,
  localJoinResult,
  localLeaveResult,
  myLocalGroupMembership,
} from "../../src/core/local-groups/schemas";
import { messagesEndpoints } from "../../src/core/messages/endpoints";
import {
  conversationList,
  conversationSummary,
  directMessage,
  messagePage,
  unreadMessages,
} from "../../src/core/messages/schemas";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import {
  blockedMember,
  editedContent,
  moderationLogEntry,
  reportedItem,
  reportReceived,
  resolveResult,
  suspensionResult,
  warningResult,
} from "../../src/core/moderation/schemas";
import { notesEndpoints } from "../../src/core/notes/endpoints";
import { noteItem } from "../../src/core/notes/schemas";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import {
  markReadResult,
  notificationItem,
  notificationPreferences,
  unreadCount,
} from "../../src/core/notifications/schemas";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { billingPortalResponse, clientSecretResponse } from "../../src/core/payments/schemas";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import {
  answeredResult,
  prayerDefaults,
  prayerRequest,
  prayerRequestList,
  prayerResponse,
  prayerResponseList,
  prayResult,
} from "../../src/core/prayer/schemas";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import {
  memberSettings,
  profileExport,
  profileResponse,
  signedOutOthersResult,
} from "../../src/core/profile/schemas";
import { pushEndpoints } from "../../src/core/push/endpoints";
import { pushCurrentDevice, pushPublicKey, pushSubscriptionResult } from "../../src/core/push/schemas";
import { apiDocument, referenceEndpoints } from "../../src/core/reference/endpoints";
import { searchEndpoints } from "../../src/core/search/endpoints";
import { searchResults, searchSuggestions } from "../../src/core/search/schemas";
import { settingsEndpoints } from "../../src/core/settings/endpoints";
import { siteSettingsResponse } from "../../src/core/settings/schemas";
import { setupEndpoints } from "../../src/core/setup/endpoints";
import { statusEndpoints } from "../../src/core/status/endpoints";
import { systemStatus, testMailResult } from "../../src/core/status/schemas";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  adminVideoItem,
  discussionItem,
  likeResponse,
  reflectionItem,
  saveResponse,
  type VideoItem,
  videoDetail,
  videoItem,
  videoProgress,
  viewResponse,
  watchingItem,
} from "../../src/core/videos/schemas";
import { giftReference } from "../../src/server/features/payments/giving";
import {
  type Answer,
  type Member,
  messageOf,
  succeeded,
  TEST_PASSWORD,
  type TestClient,
  type TestContext,
  urlFor,
} from "../support/app";
import { type ContextWithDependencies, createContextWithDependencies } from "../support/dependencies";
import { recordFigures } from "../support/figures";

/**
 * The actors, in the order every route tries them. "member" is Ruth, who owns the private rows, so
 * she comes after everyone who must be refused them; "groupAdmin" leads the cultivation groups.
 */
const ACTORS = ["visitor", "other", "admin", "groupAdmin", "member"] as const;
type Actor = (typeof ACTORS)[number];
/** A member registered for one check that uses her up (deleting her account). */
type Caller = Actor | "fresh";

interface Outcome {
  status: number;
  schema?: z.ZodType;
  check?: (res: Answer<unknown>, caller: Caller) => void;
}

interface Entry {
  /** Why a visitor may call it; every other route is tried by all five actors. */
  public?: string;
  path: () => string;
  body?: (caller: Caller) => unknown;
  expect: Partial<Record<Caller, Outcome | number>>;
}

const hex = randomBytes(4).toString("hex");
/** What only the member (Ruth) may read, and whether the site administrator may read it too. */
const SECRET = {
  email: { text: `ruth.calloway.${hex}@private-mail.test`, adminMaySee: true },
  bio: { text: `Ruths private about-me ${hex}`, adminMaySee: false },
  note: { text: `Ruths private note ${hex}`, adminMaySee: false },
  noteToDelete: { text: `Ruths second private note ${hex}`, adminMaySee: false },
  noteToEdit: { text: `Ruths third private note ${hex}`, adminMaySee: false },
  tag: { text: `ruthtag${hex}`, adminMaySee: false },
  prayer: { text: `Ruths private prayer ${hex}`, adminMaySee: true },
  address: { text: `7 Hidden Orchard Lane ${hex}`, adminMaySee: false },
  contact: { text: `ruth-contact-${hex}`, adminMaySee: false },
  focus: { text: `ruthfocus${hex}`, adminMaySee: false },
};

let env: ContextWithDependencies;
let t: TestContext;
const actors = {} as Record<Exclude<Actor, "visitor">, Member>;
let seeker: Member;
let applicant: Member;
/** Session token, its stored hash, and Stripe ids of the member: nobody else may ever see them. */
const ruthsTokens: string[] = [];

const f = {
  giftToStop: "",
  videoId: 0,
  videoToDelete: 0,
  activeCourse: 0,
  soonCourse: 0,
  patronCourse: 0,
  lessonModule: 0,
  /** Ruth's certificate, which she hid: nobody else hears it exists. */
  certificate: "",
  moduleToDelete: 0,
  lessonId: 0,
  lessonToDelete: 0,
  orderModule: 0,
  orderLessons: [] as number[],
  /** A course only Ruth is enrolled in: its reading, reflection and quiz open to her alone. */
  lessonCourse: 0,
  readingLesson: 0,
  reflectionLesson: 0,
  quizLesson: 0,
  articleId: 0,
  noteToDelete: 0,
  noteToEdit: 0,
  privatePrayer: 0,
  discussionId: 0,
  privateGroup: 0,
  openGroup: 0,
  groupToLeave: 0,
  groupToPrune: 0,
  memberToRemove: 0,
  requestToApprove: 0,
  requestToDecline: 0,
  ruthsLocal: 0,
  localOpen: 0,
  localToLeave: 0,
  localApproval: 0,
  localRequestToApprove: 0,
  localRequestToDecline: 0,
  groupEvent: 0,
  eventToCancel: 0,
  connectionToAccept: 0,
  connectionToDecline: 0,
  connectionToComplete: 0,
  waitingEntry: 0,
  ruthsPrayer: 0,
  prayerToDelete: 0,
  ruthsResponse: 0,
  responseToDelete: 0,
  discussionToDelete: 0,
  articleDiscussionId: 0,
  articleDiscussionToDelete: 0,
  prayerToReport: 0,
  reportToRestore: 0,
  reportToRemove: 0,
  suspendee: 0,
  patronPrayer: 0,
  localTalk: 0,
  groupPost: 0,
  groupPostToDelete: 0,
  groupPrayer: 0,
  groupReply: 0,
  groupReplyToDelete: 0,
  conversation: 0,
  ruthsMessage: 0,
  messageToDelete: 0,
  messageRequestToAccept: 0,
  messageRequestToDecline: 0,
  invitation: 0,
};

/** A success the schema describes; `check` reads the answer as the schema types it (it is checked first). */
const ok = <S extends z.ZodType>(
  schema: S,
  status = 200,
  check?: (res: Answer<z.input<S>>, caller: Caller) => void,
): Outcome => ({
  status,
  schema,
  check: check && ((res, caller) => check(res as Answer<z.input<S>>, caller)),
});
const noContent: Outcome = { status: 204 };
const redirectTo = (location: string): Outcome => ({
  status: 302,
  check: (res) => expect(res.headers.location).toBe(location),
});
/** Her own data (or the shared library): every signed-in member, no visitor. */
const everyMember = (outcome: Outcome) => ({
  visitor: 401,
  other: outcome,
  admin: outcome,
  groupAdmin: outcome,
  member: outcome,
});
/** The admin dashboard: the site administrator only. */
const adminOnly = (outcome: Outcome) => ({
  visitor: 401,
  other: 403,
  groupAdmin: 403,
  member: 403,
  admin: outcome,
});
/** Ruth's private row: others hear it does not exist. */
const ruthsPrivate = (outcome: Outcome) => ({
  visitor: 401,
  other: 404,
  admin: 404,
  groupAdmin: 404,
  member: outcome,
});
/** Decisions of the cultivation group's own admins. */
const groupAdminOnly = (outcome: Outcome) => ({
  visitor: 401,
  other: 403,
  admin: 403,
  member: 403,
  groupAdmin: outcome,
});
/** A group's conversation: its members, Deborah who leads it and Ruth; no one else hears it exists. */
const groupMembersOnly = (outcome: Outcome, ruths: Outcome | number = outcome) => ({
  visitor: 401,
  other: 404,
  admin: 404,
  groupAdmin: outcome,
  member: ruths,
});
/** Ruth's words in the group: she changes them; Deborah, who leads it, is refused. */
const ruthsInGroup = (outcome: Outcome) => ({
  visitor: 401,
  other: 404,
  admin: 404,
  groupAdmin: 403,
  member: outcome,
});
/** Ruth's private conversation with Deborah: the two of them; nobody else, administrators included. */
const conversationMembersOnly = (outcome: Outcome, deborahs: Outcome | number = outcome) => ({
  visitor: 401,
  other: 404,
  admin: 404,
  groupAdmin: deborahs,
  member: outcome,
});
/** The patrons' prayer list: Orpah, an intercessor, and the site administrator. */
const intercessorsOnly = (outcome: Outcome) => ({
  visitor: 401,
  other: outcome,
  admin: outcome,
  groupAdmin: 403,
  member: 403,
});
const emailOf = (caller: Caller) =>
  caller === "visitor" || caller === "fresh" ? undefined : actors[caller].email;

/** An event a week ahead. */
const gathering = (title: string) => ({
  title,
  startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 7 * 86_400_000 + 7_200_000).toISOString(),
  timeZone: "Europe/London",
  location: "The garden room",
});

/**
 * The True Vine and one course are for patrons: only the administrator (none of the actors is a
 * patron) receives what plays or opens them; every other member sees them listed without it.
 */
const PATRON_VIDEO_ID = "dQw4w9WgXcQ";
const PATRON_COURSE_URL = `https://learn.example.org/for-patrons-${hex}`;
const keptUnlessAdmin = (caller: Caller, value: string | null | undefined, kept: string) =>
  expect(value).toBe(caller === "admin" ? kept : null);
const patronVideoIn =
  (find: (body: unknown) => { youtubeId: string | null; patronOnly: boolean } | undefined) =>
  (res: Answer<unknown>, caller: Caller) => {
    const kept = find(res.body);
    expect(kept?.patronOnly).toBe(true);
    keptUnlessAdmin(caller, kept?.youtubeId, PATRON_VIDEO_ID);
  };
const trueVineIn = (body: unknown) =>
  (body as { id: number; youtubeId: string | null; patronOnly: boolean }[]).find((v) => v.id === f.videoId);

const video = (title: string) => ({
  title,
  description: "Abiding in the vine, from John 15.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
});

/** Every route the app registers under /api, with who may call it and what each actor hears. */
const TABLE: Record<string, Entry> = {
  "GET /api/health": {
    public: "load balancers ask whether the process is up",
    path: () => urlFor(healthEndpoints.health),
    expect: { visitor: ok(z.object({ status: z.literal("ok") })) },
  },
  "GET /api/ready": {
    public: "load balancers ask whether the database is reachable",
    path: () => urlFor(healthEndpoints.ready),
    expect: { visitor: ok(z.object({ status: z.literal("ready") })) },
  },
  "GET /api/public-stats": {
    public: "the landing page says how many women have joined, as a round figure or not at all",
    path: () => urlFor(landingEndpoints.stats),
    expect: { visitor: ok(publicStats) },
  },
  "POST /api/auth/register": {
    public: "creating an account",
    path: () => urlFor(authEndpoints.register),
    body: () => ({
      email: `newcomer.${hex}@example.test`,
      password: TEST_PASSWORD,
      firstName: "New",
      lastName: "Comer",
    }),
    expect: { visitor: ok(currentUser, 201) },
  },
  "POST /api/auth/login": {
    public: "signing in",
    path: () => urlFor(authEndpoints.login),
    body: () => ({ email: seeker.email, password: TEST_PASSWORD }),
    expect: { visitor: ok(currentUser, 200, (res) => expect(res.body.email).toBe(seeker.email)) },
  },
  "POST /api/auth/verify-email": {
    public: "the mailed link is the proof; she may open it where she is not signed in",
    path: () => urlFor(authEndpoints.verifyEmail),
    body: () => ({ token: "a-link-nobody-was-ever-sent-0000" }),
    expect: { visitor: 400 },
  },
  "POST /api/auth/password-reset": {
    public: "a member who forgot her password is not signed in",
    path: () => urlFor(authEndpoints.passwordReset),
    body: () => ({ email: seeker.email }),
    expect: { visitor: ok(messageResponse, 202) },
  },
  "POST /api/auth/password-reset/confirm": {
    public: "the mailed link is the proof",
    path: () => urlFor(authEndpoints.passwordResetConfirm),
    body: () => ({ token: "a-link-nobody-was-ever-sent-0000", password: TEST_PASSWORD }),
    expect: { visitor: 400 },
  },
  "POST /api/setup/check": {
    public: "the printed setup link is the proof: nobody can sign in before there is an administrator",
    path: () => urlFor(setupEndpoints.check),
    body: () => ({ token: "a-link-nobody-was-ever-given-0000" }),
    // The ministry here has its administrator: no link works any more.
    expect: { visitor: 404 },
  },
  "POST /api/setup": {
    public: "the setup link is the proof, used once, and only while the ministry has no administrator",
    path: () => urlFor(setupEndpoints.setUp),
    body: () => ({
      token: "a-link-nobody-was-ever-given-0000",
      ministryName: "Olive Branch",
      founderName: "Deborah",
      email: `founder.${hex}@example.test`,
      password: TEST_PASSWORD,
      firstName: "Deborah",
      lastName: "Levi",
    }),
    expect: { visitor: 404 },
  },
  "POST /api/profile/email/confirm": {
    public: "the link mailed to the new address is the proof",
    path: () => urlFor(profileEndpoints.confirmEmailChange),
    body: () => ({ token: "a-link-nobody-was-ever-sent-0000" }),
    expect: { visitor: 400 },
  },
  // The administrator proved her address; the others have not yet.
  "POST /api/auth/resend-verification": {
    path: () => urlFor(authEndpoints.resendVerification),
    expect: { ...everyMember(ok(messageResponse, 202)), admin: 409 },
  },
  "GET /api/auth/user": {
    path: () => urlFor(authEndpoints.user),
    expect: everyMember(ok(currentUser, 200, (res, caller) => expect(res.body.email).toBe(emailOf(caller)))),
  },
  "GET /api/login": {
    public: "starts signing in (the built-in page when no external provider is configured)",
    path: () => urlFor(authEndpoints.oidcLogin),
    expect: { visitor: redirectTo("/sign-in") },
  },
  "GET /api/callback": {
    public: "the external provider's return address",
    path: () => urlFor(authEndpoints.oidcCallback),
    expect: { visitor: redirectTo("/sign-in") },
  },
  "GET /api/logout": {
    public: "signing out is harmless without a session",
    path: () => urlFor(authEndpoints.logout),
    expect: { visitor: redirectTo("/") },
  },
  "POST /api/stripe/webhook": {
    public: "Stripe calls it from its servers and proves itself with a signature, not a session",
    path: () => urlFor(paymentsEndpoints.webhook),
    body: () => ({ id: "evt_forged", type: "customer.subscription.updated", data: { object: {} } }),
    expect: { visitor: 400 },
  },
  "GET /api/thumbnails/:youtubeId": {
    public: "video thumbnails are public images, served from our own origin",
    path: () => urlFor(videosEndpoints.thumbnail, { params: { youtubeId: "dQw4w9WgXcQ" } }),
    expect: {
      visitor: {
        status: 200,
        check: (res) => expect(String(res.headers["content-type"])).toMatch(/^image\//),
      },
    },
  },

  // Articles
  "GET /api/articles": {
    path: () => urlFor(articlesEndpoints.list),
    expect: everyMember(ok(z.array(articleSchema))),
  },
  "GET /api/articles/tags": {
    path: () => urlFor(articlesEndpoints.tags),
    expect: everyMember(ok(z.array(z.string()))),
  },
  "POST /api/articles/:id/view": {
    path: () => urlFor(articlesEndpoints.view, { params: { id: f.articleId } }),
    expect: everyMember(noContent),
  },
  "GET /api/article-discussions": {
    path: () => urlFor(articlesEndpoints.discussions, { query: { articleId: f.articleId } }),
    expect: everyMember(ok(z.array(articleDiscussionSchema))),
  },
  "POST /api/article-discussions": {
    path: () => urlFor(articlesEndpoints.discuss),
    body: () => ({ articleId: f.articleId, content: "This spoke to me today." }),
    expect: everyMember(ok(articleDiscussionSchema, 201)),
  },
  "GET /api/admin/articles": {
    path: () => urlFor(articlesEndpoints.adminList),
    expect: adminOnly(ok(z.array(adminArticleSchema))),
  },
  "GET /api/admin/articles/count": {
    path: () => urlFor(articlesEndpoints.adminCount),
    expect: adminOnly(ok(articleCount)),
  },
  "POST /api/admin/articles/sync": {
    path: () => urlFor(articlesEndpoints.adminSync),
    expect: adminOnly(ok(articleSyncResult)),
  },

  // Courses
  "GET /api/courses": {
    path: () => urlFor(coursesEndpoints.list),
    expect: everyMember(
      ok(z.array(courseSchema), 200, (res, caller) =>
        keptUnlessAdmin(caller, res.body.find((c) => c.id === f.patronCourse)?.courseUrl, PATRON_COURSE_URL),
      ),
    ),
  },
  "GET /api/course-enrollments": {
    path: () => urlFor(coursesEndpoints.enrollments),
    expect: everyMember(ok(z.array(courseEnrollmentSchema))),
  },
  "GET /api/course-interests": {
    path: () => urlFor(coursesEndpoints.interests),
    expect: everyMember(ok(z.array(courseEnrollmentSchema))),
  },
  "POST /api/courses/:id/enroll": {
    path: () => urlFor(coursesEndpoints.enroll, { params: { id: f.activeCourse } }),
    expect: everyMember(ok(enrollResult)),
  },
  "POST /api/courses/:id/notify": {
    path: () => urlFor(coursesEndpoints.notify, { params: { id: f.soonCourse } }),
    expect: everyMember(ok(notifyResult)),
  },
  "GET /api/admin/courses": {
    path: () => urlFor(coursesEndpoints.adminList),
    expect: adminOnly(ok(z.array(adminCourseSchema))),
  },
  "POST /api/admin/courses": {
    path: () => urlFor(coursesEndpoints.adminCreate),
    body: () => ({ title: "Psalms of Ascent", description: "Fifteen songs for the road up to Jerusalem." }),
    expect: adminOnly(ok(adminCourseSchema, 201)),
  },
  "PATCH /api/admin/courses/:id": {
    path: () => urlFor(coursesEndpoints.adminEdit, { params: { id: f.activeCourse } }),
    body: () => ({ shortDescription: "Now with a study guide" }),
    expect: adminOnly(ok(adminCourseSchema)),
  },
  "GET /api/courses/:id/outline": {
    path: () => urlFor(lessonsEndpoints.outline, { params: { id: f.lessonCourse } }),
    expect: everyMember(ok(courseOutlineSchema)),
  },
  "GET /api/lessons/:id": {
    path: () => urlFor(lessonsEndpoints.lesson, { params: { id: f.readingLesson } }),
    expect: { ...everyMember(ok(lessonSchema)), other: 403, admin: 403, groupAdmin: 403 },
  },
  "POST /api/lessons/:id/complete": {
    path: () => urlFor(lessonsEndpoints.complete, { params: { id: f.readingLesson } }),
    expect: { ...everyMember(ok(lessonDoneSchema)), other: 403, admin: 403, groupAdmin: 403 },
  },
  "POST /api/lessons/:id/reflection": {
    path: () => urlFor(lessonsEndpoints.reflection, { params: { id: f.reflectionLesson } }),
    body: () => ({ text: "He is my strength." }),
    expect: { ...everyMember(ok(lessonDoneSchema)), other: 403, admin: 403, groupAdmin: 403 },
  },
  "POST /api/lessons/:id/quiz": {
    path: () => urlFor(lessonsEndpoints.quiz, { params: { id: f.quizLesson } }),
    body: () => ({ answers: [1] }),
    expect: { ...everyMember(ok(quizResultSchema)), other: 403, admin: 403, groupAdmin: 403 },
  },
  "GET /api/admin/courses/:id/modules": {
    path: () => urlFor(lessonsEndpoints.adminCourseLessons, { params: { id: f.activeCourse } }),
    expect: adminOnly(ok(adminCourseLessonsSchema)),
  },
  "POST /api/admin/courses/:id/modules": {
    path: () => urlFor(lessonsEndpoints.adminAddModule, { params: { id: f.activeCourse } }),
    body: () => ({ title: "Week 2: Walking in the light" }),
    expect: adminOnly(ok(adminModuleSchema, 201)),
  },
  "PATCH /api/admin/modules/:id": {
    path: () => urlFor(lessonsEndpoints.adminEditModule, { params: { id: f.lessonModule } }),
    body: () => ({ title: "Week 1: First light" }),
    expect: adminOnly(ok(adminModuleSchema)),
  },
  "DELETE /api/admin/modules/:id": {
    path: () => urlFor(lessonsEndpoints.adminRemoveModule, { params: { id: f.moduleToDelete } }),
    expect: adminOnly(noContent),
  },
  "POST /api/admin/modules/:id/lessons": {
    path: () => urlFor(lessonsEndpoints.adminAddLesson, { params: { id: f.lessonModule } }),
    body: () => ({
      title: "A short quiz",
      kind: "quiz",
      quiz: [{ question: "Who is the true vine?", choices: ["Moses", "Yeshua"], answer: 1 }],
    }),
    expect: adminOnly(ok(adminLessonSchema, 201)),
  },
  "PATCH /api/admin/lessons/:id": {
    path: () => urlFor(lessonsEndpoints.adminEditLesson, { params: { id: f.lessonId } }),
    body: () => ({ rule: { kind: "days_after_enrollment", days: 7 } }),
    expect: adminOnly(ok(adminLessonSchema)),
  },
  "DELETE /api/admin/lessons/:id": {
    path: () => urlFor(lessonsEndpoints.adminRemoveLesson, { params: { id: f.lessonToDelete } }),
    expect: adminOnly(noContent),
  },
  "POST /api/admin/courses/:id/order": {
    path: () => urlFor(lessonsEndpoints.adminOrder, { params: { id: f.patronCourse } }),
    body: () => ({ modules: [{ id: f.orderModule, lessons: [...f.orderLessons].reverse() }] }),
    expect: adminOnly(ok(adminCourseLessonsSchema)),
  },
  "GET /api/admin/courses/:id/funnel": {
    path: () => urlFor(lessonsEndpoints.adminFunnel, { params: { id: f.activeCourse } }),
    expect: adminOnly(ok(funnelSchema)),
  },

  // Certificates
  "GET /api/certificates/mine": {
    path: () => urlFor(lessonsEndpoints.myCertificates),
    expect: everyMember(ok(z.array(myCertificateSchema))),
  },
  "GET /api/certificates/:code": {
    public: "the verification link printed on a certificate is for anyone to open, unless she hid it",
    path: () => urlFor(lessonsEndpoints.certificate, { params: { code: f.certificate } }),
    expect: { ...ruthsPrivate(ok(publicCertificateSchema)), visitor: 404 },
  },
  "PATCH /api/certificates/:code": {
    path: () => urlFor(lessonsEndpoints.certificateVisibility, { params: { code: f.certificate } }),
    body: () => ({ hidden: true }),
    expect: ruthsPrivate(ok(myCertificateSchema)),
  },
  "GET /api/certificates/:code/pdf": {
    public: "a certificate's PDF, like its page, is for anyone holding the link, unless she hid it",
    path: () => urlFor(lessonsEndpoints.certificatePdf, { params: { code: f.certificate } }),
    expect: {
      ...ruthsPrivate({
        status: 200,
        check: (res) => expect(res.headers["content-type"]).toBe("application/pdf"),
      }),
      visitor: 404,
    },
  },

  "GET /api/dashboard": { path: () => urlFor(homeEndpoints.home), expect: everyMember(ok(homePage)) },

  // Prayer
  "GET /api/prayer-requests": {
    path: () => urlFor(prayerEndpoints.wall),
    expect: {
      ...everyMember(ok(prayerRequestList)),
      member: ok(prayerRequestList, 200, (res) =>
        expect(res.body.map((p) => p.content)).toContain(SECRET.prayer.text),
      ),
    },
  },
  // The patrons' prayer list: the intercessors (Orpah) and the administrators.
  "GET /api/intercessors/prayer-list": {
    path: () => urlFor(intercessorsEndpoints.prayerList),
    expect: {
      ...intercessorsOnly(ok(z.array(patronPrayer))),
      other: ok(z.array(patronPrayer), 200, (res) =>
        expect(res.body.map((p) => p.id)).toContain(f.patronPrayer),
      ),
    },
  },
  "POST /api/intercessors/prayer-list/:requestId/prayed": {
    path: () => urlFor(intercessorsEndpoints.prayed, { params: { requestId: f.patronPrayer } }),
    expect: intercessorsOnly(ok(prayedThisWeekResult)),
  },
  "GET /api/prayer-requests/defaults": {
    path: () => urlFor(prayerEndpoints.defaults),
    expect: everyMember(ok(prayerDefaults)),
  },
  "POST /api/prayer-requests": {
    path: () => urlFor(prayerEndpoints.share),
    body: () => ({ content: "Please pray for rain on the farms." }),
    expect: everyMember(ok(prayerRequest, 201)),
  },
  // Administrators see private requests; only their author may mark one answered.
  "POST /api/prayer-requests/:id/pray": {
    path: () => urlFor(prayerEndpoints.pray, { params: { id: f.privatePrayer } }),
    expect: { ...ruthsPrivate(ok(prayResult)), admin: ok(prayResult) },
  },
  "GET /api/prayer-requests/:id/responses": {
    path: () => urlFor(prayerEndpoints.responses, { params: { id: f.privatePrayer } }),
    expect: { ...ruthsPrivate(ok(prayerResponseList)), admin: ok(prayerResponseList) },
  },
  "POST /api/prayer-requests/:id/respond": {
    path: () => urlFor(prayerEndpoints.respond, { params: { id: f.privatePrayer } }),
    body: () => ({ content: "Praying with you tonight.", isPraying: true }),
    expect: { ...ruthsPrivate(ok(prayerResponse, 201)), admin: ok(prayerResponse, 201) },
  },
  "POST /api/prayer-requests/:id/answered": {
    path: () => urlFor(prayerEndpoints.markAnswered, { params: { id: f.privatePrayer } }),
    body: () => ({ praiseNote: "He made a way." }),
    expect: { ...ruthsPrivate(ok(answeredResult)), admin: 403 },
  },

  // Discipleship: Ruth is the mentor of three connections and has one request still waiting.
  "GET /api/discipleship/connections": {
    path: () => urlFor(discipleshipEndpoints.connections),
    expect: everyMember(ok(discipleshipConnectionList)),
  },
  "POST /api/discipleship/connections": {
    path: () => urlFor(discipleshipEndpoints.submit),
    body: (caller) => ({ experienceLevel: "new", focusAreas: [`solo ${caller} ${hex}`] }),
    expect: everyMember(ok(createConnectionResult, 201, (res) => expect(res.body.matched).toBe(false))),
  },
  "POST /api/discipleship/connections/:id/accept": {
    path: () => urlFor(discipleshipEndpoints.accept, { params: { id: f.connectionToAccept } }),
    expect: ruthsPrivate(ok(discipleshipConnection, 200, (res) => expect(res.body.status).toBe("active"))),
  },
  "POST /api/discipleship/connections/:id/decline": {
    path: () => urlFor(discipleshipEndpoints.decline, { params: { id: f.connectionToDecline } }),
    expect: ruthsPrivate(ok(discipleshipConnection, 200, (res) => expect(res.body.status).toBe("declined"))),
  },
  "POST /api/discipleship/connections/:id/complete": {
    path: () => urlFor(discipleshipEndpoints.complete, { params: { id: f.connectionToComplete } }),
    expect: ruthsPrivate(ok(discipleshipConnection, 200, (res) => expect(res.body.status).toBe("completed"))),
  },
  "POST /api/discipleship/entries/:id/withdraw": {
    path: () => urlFor(discipleshipEndpoints.withdraw, { params: { id: f.waitingEntry } }),
    expect: ruthsPrivate(noContent),
  },

  // Cultivation groups: Deborah (groupAdmin) leads a private group Ruth belongs to.
  "GET /api/cultivation-groups": {
    path: () => urlFor(groupsEndpoints.list),
    expect: everyMember(ok(z.array(cultivationGroupSummary))),
  },
  "GET /api/my-groups": {
    path: () => urlFor(groupsEndpoints.mine),
    expect: everyMember(ok(z.array(myGroupMembership))),
  },
  "POST /api/cultivation-groups": {
    path: () => urlFor(groupsEndpoints.create),
    body: (caller) => ({
      name: `Circle of ${caller}`,
      description: "Women reading the prophets together.",
      category: "study",
    }),
    expect: everyMember(ok(cultivationGroupDetail, 201)),
  },
  // A private group's page is readable (to decide whether to ask to join); its member list is not.
  "GET /api/cultivation-groups/:id": {
    path: () => urlFor(groupsEndpoints.get, { params: { id: f.privateGroup } }),
    expect: {
      visitor: 401,
      other: ok(cultivationGroupDetail, 200, (res) => {
        expect(res.body.members).toBeUndefined();
        expect(res.body.pendingRequestCount).toBeUndefined();
      }),
      admin: ok(cultivationGroupDetail, 200, (res) => expect(res.body.members).toBeUndefined()),
      groupAdmin: ok(cultivationGroupDetail, 200, (res) => {
        expect(res.body.members?.map((m) => m.userId)).toContain(actors.member.id);
        expect(res.body.pendingRequestCount).toBeGreaterThanOrEqual(1);
      }),
      member: ok(cultivationGroupDetail, 200, (res) => {
        expect(res.body.members?.map((m) => m.userId)).toContain(actors.member.id);
        expect(res.body.pendingRequestCount).toBeUndefined();
      }),
    },
  },
  "POST /api/cultivation-groups/:id/join": {
    path: () => urlFor(groupsEndpoints.join, { params: { id: f.openGroup } }),
    body: () => ({}),
    expect: everyMember(ok(joinResult, 200, (res) => expect(res.body.status).toBe("joined"))),
  },
  "POST /api/cultivation-groups/:id/leave": {
    path: () => urlFor(groupsEndpoints.leave, { params: { id: f.groupToLeave } }),
    // Deborah is its only admin while Ruth is still in it.
    expect: { ...everyMember(ok(leaveResult)), groupAdmin: 409 },
  },
  "GET /api/cultivation-groups/:id/requests": {
    path: () => urlFor(groupsEndpoints.requests, { params: { id: f.privateGroup } }),
    expect: groupAdminOnly(ok(z.array(joinRequest))),
  },
  "POST /api/cultivation-groups/:id/requests/:requestId/approve": {
    path: () =>
      urlFor(groupsEndpoints.approveRequest, {
        params: { id: f.privateGroup, requestId: f.requestToApprove },
      }),
    expect: groupAdminOnly(ok(joinRequestDecision, 200, (res) => expect(res.body.status).toBe("approved"))),
  },
  "POST /api/cultivation-groups/:id/requests/:requestId/decline": {
    path: () =>
      urlFor(groupsEndpoints.declineRequest, {
        params: { id: f.privateGroup, requestId: f.requestToDecline },
      }),
    expect: groupAdminOnly(ok(joinRequestDecision, 200, (res) => expect(res.body.status).toBe("declined"))),
  },
  "PATCH /api/cultivation-groups/:id/members/:userId": {
    path: () =>
      urlFor(groupsEndpoints.setMemberRole, { params: { id: f.privateGroup, userId: actors.member.id } }),
    // Her current role: the check leaves the group as it was for the other entries.
    body: () => ({ role: "member" }),
    expect: groupAdminOnly(ok(groupMember, 200, (res) => expect(res.body.userId).toBe(actors.member.id))),
  },

  // The same settings again: the check leaves the group as it was for the other entries.
  "PATCH /api/cultivation-groups/:id": {
    path: () => urlFor(groupsEndpoints.update, { params: { id: f.privateGroup } }),
    body: () => ({
      name: "Hidden Spring",
      description: "Gathering around the Word each week.",
      category: "support",
      isPrivate: true,
      requiresApproval: true,
      maxMembers: 50,
    }),
    expect: groupAdminOnly(
      ok(cultivationGroupDetail, 200, (res) => expect(res.body.name).toBe("Hidden Spring")),
    ),
  },
  "DELETE /api/cultivation-groups/:id/members/:userId": {
    path: () =>
      urlFor(groupsEndpoints.removeMember, { params: { id: f.groupToPrune, userId: f.memberToRemove } }),
    expect: groupAdminOnly(noContent),
  },

  // Local groups: the exact address and contact of Ruth's group are for its members only.
  "GET /api/local-groups": {
    path: () => urlFor(localGroupsEndpoints.list),
    expect: {
      ...everyMember(ok(z.array(localGroup))),
      member: ok(z.array(localGroup), 200, (res) =>
        expect(res.body.map((g) => g.address)).toContain(SECRET.address.text),
      ),
    },
  },
  // Ruth leads Orchard Sisters: others read its page without its place, contact or members.
  "GET /api/local-groups/:id": {
    path: () => urlFor(localGroupsEndpoints.get, { params: { id: f.ruthsLocal } }),
    expect: {
      ...everyMember(
        ok(localGroupDetail, 200, (res) => {
          expect(res.body.isMember).toBe(false);
          expect(res.body.members).toBeUndefined();
        }),
      ),
      member: ok(localGroupDetail, 200, (res) => {
        expect(res.body.address).toBe(SECRET.address.text);
        expect(res.body.members?.map((m) => m.role)).toEqual(["leader"]);
      }),
    },
  },
  "GET /api/my-local-groups": {
    path: () => urlFor(localGroupsEndpoints.mine),
    expect: everyMember(ok(z.array(myLocalGroupMembership))),
  },
  "POST /api/local-groups": {
    path: () => urlFor(localGroupsEndpoints.create),
    body: (caller) => ({
      name: `Neighbours of ${caller}`,
      description: "Coffee and prayer on Saturday mornings.",
      meetingType: "Prayer Group",
      location: "Old Town",
    }),
    expect: everyMember(ok(localGroup, 201)),
  },
  // Deborah leads it; the same details again leave it as it was for the other entries.
  "PATCH /api/local-groups/:id": {
    path: () => urlFor(localGroupsEndpoints.update, { params: { id: f.localOpen } }),
    body: () => ({
      name: "Riverside Walkers",
      description: "Walking and praying together.",
      meetingType: "Social Fellowship",
      location: "Riverside",
    }),
    expect: {
      visitor: 401,
      other: 403,
      admin: 403,
      member: 403,
      groupAdmin: ok(localGroup, 200, (res) => expect(res.body.role).toBe("leader")),
    },
  },
  "POST /api/local-groups/:id/join": {
    path: () => urlFor(localGroupsEndpoints.join, { params: { id: f.localOpen } }),
    expect: everyMember(ok(localJoinResult)),
  },
  "POST /api/local-groups/:id/leave": {
    path: () => urlFor(localGroupsEndpoints.leave, { params: { id: f.localToLeave } }),
    expect: everyMember(ok(localLeaveResult)),
  },
  // Deborah leads a local group that needs her approval; Lydia and Priscilla wait to join it.
  "GET /api/local-groups/:id/requests": {
    path: () => urlFor(localGroupsEndpoints.requests, { params: { id: f.localApproval } }),
    expect: groupAdminOnly(ok(z.array(joinRequest))),
  },
  "POST /api/local-groups/:id/requests/:requestId/approve": {
    path: () =>
      urlFor(localGroupsEndpoints.approveRequest, {
        params: { id: f.localApproval, requestId: f.localRequestToApprove },
      }),
    expect: groupAdminOnly(ok(joinRequestDecision, 200, (res) => expect(res.body.status).toBe("approved"))),
  },
  "POST /api/local-groups/:id/requests/:requestId/decline": {
    path: () =>
      urlFor(localGroupsEndpoints.declineRequest, {
        params: { id: f.localApproval, requestId: f.localRequestToDecline },
      }),
    expect: groupAdminOnly(ok(joinRequestDecision, 200, (res) => expect(res.body.status).toBe("declined"))),
  },

  // A group's conversation: Deborah's private group, where Ruth is a member, and a local group
  // they share. Those outside it (Orpah, the site administrator) are told none of it exists.
  "GET /api/cultivation-groups/:id/posts": {
    path: () => urlFor(conversationEndpoints.cultivationPosts, { params: { id: f.privateGroup } }),
    expect: groupMembersOnly(
      ok(groupPostList, 200, (res) => expect(res.body.map((p) => p.id)).toContain(f.groupPost)),
    ),
  },
  "GET /api/local-groups/:id/posts": {
    path: () => urlFor(conversationEndpoints.localPosts, { params: { id: f.localTalk } }),
    expect: groupMembersOnly(ok(groupPostList)),
  },
  "POST /api/cultivation-groups/:id/posts": {
    path: () => urlFor(conversationEndpoints.postInCultivationGroup, { params: { id: f.privateGroup } }),
    body: () => ({ kind: "discussion", body: "What did you take from Sunday?" }),
    expect: groupMembersOnly(ok(groupPost, 201)),
  },
  "POST /api/local-groups/:id/posts": {
    path: () => urlFor(conversationEndpoints.postInLocalGroup, { params: { id: f.localTalk } }),
    body: () => ({ kind: "question", body: "Who can bring chairs on Saturday?" }),
    expect: groupMembersOnly(ok(groupPost, 201)),
  },
  "GET /api/group-posts/:id": {
    path: () => urlFor(conversationEndpoints.post, { params: { id: f.groupPost } }),
    expect: groupMembersOnly(ok(groupPostDetail)),
  },
  "PATCH /api/group-posts/:id": {
    path: () => urlFor(conversationEndpoints.editPost, { params: { id: f.groupPost } }),
    body: () => ({ body: "Ruth's words to the group, said better." }),
    expect: ruthsInGroup(ok(groupPost, 200, (res) => expect(res.body.editedAt).not.toBeNull())),
  },
  // Deborah, who leads the group, removes it first; then it is gone for Ruth too.
  "DELETE /api/group-posts/:id": {
    path: () => urlFor(conversationEndpoints.removePost, { params: { id: f.groupPostToDelete } }),
    body: () => ({ reason: "Off topic for the group." }),
    expect: groupMembersOnly(noContent, 404),
  },
  "POST /api/group-posts/:id/replies": {
    path: () => urlFor(conversationEndpoints.reply, { params: { id: f.groupPost } }),
    body: () => ({ body: "Amen to that." }),
    expect: groupMembersOnly(ok(groupReply, 201)),
  },
  "PATCH /api/group-replies/:id": {
    path: () => urlFor(conversationEndpoints.editReply, { params: { id: f.groupReply } }),
    body: () => ({ body: "Thank you, sisters." }),
    expect: ruthsInGroup(ok(groupReply)),
  },
  "DELETE /api/group-replies/:id": {
    path: () => urlFor(conversationEndpoints.removeReply, { params: { id: f.groupReplyToDelete } }),
    expect: groupMembersOnly(noContent, 404),
  },
  "PUT /api/group-posts/:id/reactions/:reaction": {
    path: () => urlFor(conversationEndpoints.react, { params: { id: f.groupPost, reaction: "amen" } }),
    expect: groupMembersOnly(
      ok(groupReactionResult, 200, (res) => expect(res.body.myReactions).toEqual(["amen"])),
    ),
  },
  "DELETE /api/group-posts/:id/reactions/:reaction": {
    path: () => urlFor(conversationEndpoints.unreact, { params: { id: f.groupPost, reaction: "amen" } }),
    expect: groupMembersOnly(ok(groupReactionResult, 200, (res) => expect(res.body.myReactions).toEqual([]))),
  },
  "GET /api/group-posts/:id/reactions": {
    path: () => urlFor(conversationEndpoints.postReactions, { params: { id: f.groupPost } }),
    expect: groupMembersOnly(ok(groupPostReactions)),
  },
  "POST /api/group-posts/:id/pray": {
    path: () => urlFor(conversationEndpoints.pray, { params: { id: f.groupPrayer } }),
    expect: groupMembersOnly(ok(groupPrayResult)),
  },
  // Only Ruth, who asked for prayer, marks it answered.
  "POST /api/group-posts/:id/answered": {
    path: () => urlFor(conversationEndpoints.markAnswered, { params: { id: f.groupPrayer } }),
    body: () => ({ note: "My sister is home." }),
    expect: ruthsInGroup(ok(groupAnsweredResult)),
  },
  // Deborah leads the group: she pins; Ruth may not.
  "POST /api/group-posts/:id/pin": {
    path: () => urlFor(conversationEndpoints.pin, { params: { id: f.groupPost } }),
    expect: groupMembersOnly(
      ok(groupPinResult, 200, (res) => expect(res.body.pinned).toBe(true)),
      403,
    ),
  },
  "POST /api/group-posts/:id/unpin": {
    path: () => urlFor(conversationEndpoints.unpin, { params: { id: f.groupPost } }),
    expect: groupMembersOnly(
      ok(groupPinResult, 200, (res) => expect(res.body.pinned).toBe(false)),
      403,
    ),
  },

  // Private messages. Deborah shares a group with Ruth and writes to her at once, as the site
  // administrator may, and so does Orpah, who joined the open group Ruth joined (above); a member who
  // walks with Ruth nowhere asks instead (the requests below); to herself, 400.
  "GET /api/conversations": {
    path: () => urlFor(messagesEndpoints.conversations),
    expect: everyMember(ok(conversationList)),
  },
  "POST /api/conversations": {
    path: () => urlFor(messagesEndpoints.start),
    body: () => ({ memberId: actors.member.id, body: "Thinking of you this morning." }),
    expect: {
      visitor: 401,
      other: ok(conversationSummary, 201),
      admin: ok(conversationSummary, 201),
      groupAdmin: ok(conversationSummary, 201, (res) => expect(res.body.id).toBe(f.conversation)),
      member: 400,
    },
  },
  "GET /api/conversations/:id/messages": {
    path: () => urlFor(messagesEndpoints.messages, { params: { id: f.conversation } }),
    expect: conversationMembersOnly(ok(messagePage)),
  },
  "POST /api/conversations/:id/messages": {
    path: () => urlFor(messagesEndpoints.send, { params: { id: f.conversation } }),
    body: () => ({ body: "See you on Thursday." }),
    expect: conversationMembersOnly(ok(directMessage, 201)),
  },
  "POST /api/conversations/:id/read": {
    path: () => urlFor(messagesEndpoints.read, { params: { id: f.conversation } }),
    body: () => ({ messageId: f.ruthsMessage }),
    expect: conversationMembersOnly(noContent),
  },
  "POST /api/conversations/:id/accept": {
    path: () => urlFor(messagesEndpoints.accept, { params: { id: f.messageRequestToAccept } }),
    expect: ruthsPrivate(ok(conversationSummary, 200, (res) => expect(res.body.status).toBe("open"))),
  },
  "POST /api/conversations/:id/decline": {
    path: () => urlFor(messagesEndpoints.decline, { params: { id: f.messageRequestToDecline } }),
    expect: ruthsPrivate(noContent),
  },
  // Only its sender changes a message; Deborah, the other member, is refused.
  "PATCH /api/messages/:id": {
    path: () => urlFor(messagesEndpoints.edit, { params: { id: f.ruthsMessage } }),
    body: () => ({ body: "Thursday at seven, then." }),
    expect: conversationMembersOnly(ok(directMessage), 403),
  },
  "DELETE /api/messages/:id": {
    path: () => urlFor(messagesEndpoints.remove, { params: { id: f.messageToDelete } }),
    expect: conversationMembersOnly(noContent, 403),
  },
  "GET /api/messages/unread-count": {
    path: () => urlFor(messagesEndpoints.unreadCount),
    expect: everyMember(ok(unreadMessages)),
  },

  // Events: Deborah's private group's gatherings are for its members; she and the site
  // administrator change them and see who is coming.
  "GET /api/events": {
    path: () => urlFor(eventsEndpoints.list),
    expect: everyMember(ok(z.array(eventOccurrence))),
  },
  "POST /api/events": {
    path: () => urlFor(eventsEndpoints.create),
    body: () => ({ ...gathering("Evening of praise"), groupId: f.privateGroup }),
    expect: {
      visitor: 401,
      other: 403,
      member: 403,
      groupAdmin: ok(eventDetail, 201),
      admin: ok(eventDetail, 201),
    },
  },
  "GET /api/events/:id": {
    path: () => urlFor(eventsEndpoints.get, { params: { id: f.groupEvent } }),
    expect: { ...everyMember(ok(eventDetail)), other: 404 },
  },
  "PATCH /api/events/:id": {
    path: () => urlFor(eventsEndpoints.update, { params: { id: f.groupEvent } }),
    body: () => ({ description: "Bring a friend." }),
    expect: { visitor: 401, other: 404, member: 403, groupAdmin: ok(eventDetail), admin: ok(eventDetail) },
  },
  "DELETE /api/events/:id": {
    path: () => urlFor(eventsEndpoints.cancel, { params: { id: f.eventToCancel } }),
    expect: { visitor: 401, other: 404, member: 403, groupAdmin: noContent, admin: noContent },
  },
  "POST /api/events/:id/rsvp": {
    path: () => urlFor(eventsEndpoints.rsvp, { params: { id: f.groupEvent } }),
    body: () => ({ status: "going" }),
    expect: { ...everyMember(ok(rsvpResult)), other: 404 },
  },
  "GET /api/events/:id/attendees": {
    path: () => urlFor(eventsEndpoints.attendees, { params: { id: f.groupEvent } }),
    expect: {
      visitor: 401,
      other: 404,
      member: 403,
      groupAdmin: ok(eventAttendees),
      admin: ok(eventAttendees),
    },
  },
  "POST /api/events/:id/message": {
    path: () => urlFor(eventsEndpoints.message, { params: { id: f.groupEvent } }),
    body: () => ({ text: "Bring a friend, and a song to share." }),
    expect: {
      visitor: 401,
      other: 404,
      member: 403,
      groupAdmin: ok(messageAttendeesResult),
      admin: ok(messageAttendeesResult),
    },
  },
  "GET /api/events/:id/ics": {
    path: () => urlFor(eventsEndpoints.ics, { params: { id: f.groupEvent } }),
    expect: {
      ...everyMember({
        status: 200,
        check: (res) => expect(String(res.headers["content-type"])).toMatch(/^text\/calendar/),
      }),
      other: 404,
    },
  },
  "GET /api/admin/events": {
    path: () => urlFor(eventsEndpoints.adminList),
    expect: adminOnly(ok(z.array(adminEvent))),
  },
  "GET /api/calendar-feed": {
    path: () => urlFor(eventsEndpoints.feed),
    expect: everyMember(ok(calendarFeed)),
  },
  "POST /api/calendar-feed/reset": {
    path: () => urlFor(eventsEndpoints.resetFeed),
    expect: everyMember(ok(calendarFeed)),
  },
  "GET /api/calendar-feed/:token": {
    public: "calendar apps send no cookies; the unguessable token in the address is the proof",
    path: () => urlFor(eventsEndpoints.feedFile, { params: { token: "A".repeat(43) } }),
    expect: { visitor: 404 },
  },

  // Videos
  "GET /api/videos": {
    path: () => urlFor(videosEndpoints.library),
    expect: everyMember({ ...ok(z.array(videoItem)), check: patronVideoIn(trueVineIn) }),
  },
  "GET /api/videos/:id": {
    path: () => urlFor(videosEndpoints.video, { params: { id: f.videoId } }),
    expect: everyMember({ ...ok(videoDetail), check: patronVideoIn((body) => body as VideoItem) }),
  },
  "GET /api/videos/:id/related": {
    path: () => urlFor(videosEndpoints.related, { params: { id: f.videoId } }),
    expect: everyMember(ok(z.array(videoItem))),
  },
  "POST /api/videos/:id/view": {
    path: () => urlFor(videosEndpoints.view, { params: { id: f.videoId } }),
    expect: everyMember(ok(viewResponse)),
  },
  "PUT /api/videos/:id/progress": {
    path: () => urlFor(videosEndpoints.saveProgress, { params: { id: f.videoId } }),
    body: (caller) => ({ seconds: caller === "member" ? 321 : 12 }),
    expect: everyMember(ok(videoProgress)),
  },
  "GET /api/video-progress": {
    path: () => urlFor(videosEndpoints.watching),
    // After her own save (the actors take turns, Ruth last): each sees only where she stopped.
    expect: everyMember(
      ok(z.array(watchingItem), 200, (res, caller) =>
        expect(res.body.map((v) => v.seconds)).toEqual([caller === "member" ? 321 : 12]),
      ),
    ),
  },
  "POST /api/videos/:id/like": {
    path: () => urlFor(videosEndpoints.like, { params: { id: f.videoId } }),
    expect: everyMember(ok(likeResponse)),
  },
  "POST /api/videos/:id/save": {
    path: () => urlFor(videosEndpoints.save, { params: { id: f.videoId } }),
    expect: everyMember(ok(saveResponse)),
  },
  "GET /api/saved-videos": {
    path: () => urlFor(videosEndpoints.saved),
    expect: everyMember(ok(z.array(videoItem))),
  },
  "GET /api/videos/:id/discussions": {
    path: () => urlFor(videosEndpoints.discussions, { params: { id: f.videoId } }),
    expect: everyMember(ok(z.array(discussionItem))),
  },
  "POST /api/discussions": {
    path: () => urlFor(videosEndpoints.discuss),
    body: () => ({ videoId: f.videoId, content: "The vine and the branches: so simple, so deep." }),
    expect: everyMember(ok(discussionItem, 201)),
  },
  "POST /api/discussions/:id/like": {
    path: () => urlFor(videosEndpoints.likeDiscussion, { params: { id: f.discussionId } }),
    expect: everyMember(ok(likeResponse)),
  },
  "GET /api/reflections": {
    path: () => urlFor(videosEndpoints.reflections),
    expect: everyMember(ok(z.array(reflectionItem))),
  },
  "GET /api/admin/videos": {
    path: () => urlFor(videosEndpoints.adminList),
    expect: adminOnly(ok(z.array(adminVideoItem))),
  },
  "POST /api/admin/videos": {
    path: () => urlFor(videosEndpoints.adminCreate),
    body: () => video("The Good Shepherd"),
    expect: adminOnly(ok(adminVideoItem, 201)),
  },
  "PATCH /api/admin/videos/:id": {
    path: () => urlFor(videosEndpoints.adminEdit, { params: { id: f.videoId } }),
    body: () => ({ duration: 1800 }),
    expect: adminOnly(ok(adminVideoItem)),
  },
  "DELETE /api/admin/videos/:id": {
    path: () => urlFor(videosEndpoints.adminRemove, { params: { id: f.videoToDelete } }),
    expect: adminOnly(noContent),
  },

  // Notes are private even from administrators.
  "GET /api/video-notes": {
    path: () => urlFor(notesEndpoints.list),
    expect: {
      ...everyMember(ok(z.array(noteItem))),
      member: ok(z.array(noteItem), 200, (res) =>
        expect(res.body.map((n) => n.content)).toContain(SECRET.note.text),
      ),
    },
  },
  "GET /api/video-notes/tags": {
    path: () => urlFor(notesEndpoints.tags),
    expect: everyMember(ok(z.array(z.string()))),
  },
  "POST /api/video-notes": {
    path: () => urlFor(notesEndpoints.create),
    body: () => ({ videoId: f.videoId, content: "Remain in me, as I remain in you." }),
    expect: everyMember(ok(noteItem, 201)),
  },
  "PATCH /api/video-notes/:id": {
    path: () => urlFor(notesEndpoints.update, { params: { id: f.noteToEdit } }),
    body: () => ({ isHighlight: true }),
    expect: ruthsPrivate(
      ok(noteItem, 200, (res) =>
        expect(res.body).toMatchObject({ content: SECRET.noteToEdit.text, isHighlight: true }),
      ),
    ),
  },
  "DELETE /api/video-notes/:id": {
    path: () => urlFor(notesEndpoints.remove, { params: { id: f.noteToDelete } }),
    expect: ruthsPrivate(noContent),
  },

  // Search applies the pages' rules: Ruth's notes are hers alone, her private prayer hers and the
  // administrators' (the table's secrets are looked for in every answer).
  "GET /api/search": {
    path: () => urlFor(searchEndpoints.search, { query: { q: `Ruths private ${hex}` } }),
    expect: {
      ...everyMember(ok(searchResults)),
      member: ok(searchResults, 200, (res) =>
        expect(res.body.map((r) => r.title)).toEqual(
          expect.arrayContaining([SECRET.note.text, SECRET.prayer.text]),
        ),
      ),
    },
  },
  // Suggestions are titles: a private group's gathering is its members', its creator's and the
  // administrators'.
  "GET /api/search/suggest": {
    path: () => urlFor(searchEndpoints.suggest, { query: { q: "Hidden Spring sup" } }),
    expect: {
      ...everyMember(
        ok(searchSuggestions, 200, (res) =>
          expect(res.body.map((r) => r.title)).toContain("Hidden Spring supper"),
        ),
      ),
      other: ok(searchSuggestions, 200, (res) => expect(res.body).toEqual([])),
    },
  },

  // Notifications: always her own.
  "POST /api/notifications/unsubscribe": {
    public: "mail apps post a notification mail's one-click unsubscribe link; its signed token is the proof",
    path: () => urlFor(notificationsEndpoints.unsubscribe, { query: { token: "forged.token" } }),
    expect: { visitor: 400 },
  },
  "GET /api/notifications/unsubscribe": {
    public: "the unsubscribe link opened in a browser leads to its page and changes nothing",
    path: () => urlFor(notificationsEndpoints.unsubscribePage, { query: { token: "abc" } }),
    expect: { visitor: redirectTo("/unsubscribe?token=abc") },
  },
  "GET /api/notifications": {
    path: () => urlFor(notificationsEndpoints.list),
    expect: everyMember(ok(z.array(notificationItem))),
  },
  "GET /api/notifications/unread-count": {
    path: () => urlFor(notificationsEndpoints.unreadCount),
    expect: everyMember(ok(unreadCount)),
  },
  "POST /api/notifications/read": {
    path: () => urlFor(notificationsEndpoints.markRead),
    body: () => ({}),
    expect: everyMember(ok(markReadResult)),
  },
  // Her live events: a stream that stays open (test/api/live.test.ts reads it). A group she does
  // not belong to, or that is not there, is not hers to watch.
  "GET /api/live": {
    path: () => urlFor(liveEndpoints.stream, { query: { watch: "group:cultivation:2147483000" } }),
    expect: { visitor: 401, other: 404, admin: 404, groupAdmin: 404, member: 404 },
  },
  "GET /api/notification-preferences": {
    path: () => urlFor(notificationsEndpoints.preferences),
    expect: everyMember(ok(notificationPreferences)),
  },
  "PUT /api/notification-preferences": {
    path: () => urlFor(notificationsEndpoints.updatePreferences),
    body: () => ({
      email: { video_published: "never" },
      digest: { frequency: "daily", hour: 7, weekday: 0, timeZone: "Europe/London" },
      restOnShabbat: true,
    }),
    expect: everyMember(ok(notificationPreferences)),
  },

  // Web Push: her own devices.
  "GET /api/push/public-key": {
    path: () => urlFor(pushEndpoints.publicKey),
    expect: everyMember(ok(pushPublicKey)),
  },
  "POST /api/push-subscriptions": {
    path: () => urlFor(pushEndpoints.subscribe),
    body: (caller) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${caller}`,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    }),
    expect: everyMember(ok(pushSubscriptionResult)),
  },
  "GET /api/push-subscriptions/current": {
    path: () => urlFor(pushEndpoints.current),
    expect: everyMember(ok(pushCurrentDevice)),
  },
  "DELETE /api/push-subscriptions": {
    path: () => urlFor(pushEndpoints.unsubscribe),
    body: (caller) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${caller}` }),
    expect: everyMember(ok(pushSubscriptionResult)),
  },

  // Profile: always her own.
  "GET /api/profile": {
    path: () => urlFor(profileEndpoints.get),
    expect: everyMember(
      ok(profileResponse, 200, (res, caller) => expect(res.body.email).toBe(emailOf(caller))),
    ),
  },
  "PATCH /api/profile": {
    path: () => urlFor(profileEndpoints.update),
    body: (caller) => ({ lastName: caller === "member" ? "Calloway" : "Tester" }),
    expect: everyMember(
      ok(profileResponse, 200, (res, caller) => expect(res.body.email).toBe(emailOf(caller))),
    ),
  },
  "DELETE /api/profile/email/pending": {
    path: () => urlFor(profileEndpoints.cancelEmailChange),
    expect: everyMember(
      ok(profileResponse, 200, (res, caller) => expect(res.body.email).toBe(emailOf(caller))),
    ),
  },
  // Her own password, unchanged: only this session of hers goes on.
  "POST /api/profile/password": {
    path: () => urlFor(profileEndpoints.changePassword),
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
    expect: everyMember(ok(messageResponse)),
  },
  "POST /api/profile/sign-out-others": {
    path: () => urlFor(profileEndpoints.signOutOthers),
    expect: everyMember(ok(signedOutOthersResult)),
  },
  // Her language, chosen as it was (English): her pages read as before.
  "PUT /api/profile/language": {
    path: () => urlFor(profileEndpoints.setLanguage),
    body: () => ({ locale: "en" }),
    expect: everyMember(noContent),
  },
  "PATCH /api/profile/settings": {
    path: () => urlFor(profileEndpoints.updateSettings),
    body: () => ({ groupNotifications: false }),
    expect: everyMember(ok(memberSettings)),
  },
  "GET /api/profile/export": {
    path: () => urlFor(profileEndpoints.export),
    expect: everyMember(
      ok(profileExport, 200, (res, caller) => expect(res.body.profile.email).toBe(emailOf(caller))),
    ),
  },
  // The actors send a wrong confirmation (and keep their accounts); a member of her own deletes hers.
  "DELETE /api/profile": {
    path: () => urlFor(profileEndpoints.delete),
    body: (caller) => ({ confirm: caller === "visitor" || caller === "fresh" ? "DELETE" : "not yet" }),
    expect: {
      visitor: 401,
      other: 400,
      admin: 400,
      groupAdmin: 400,
      member: 400,
      fresh: ok(messageResponse),
    },
  },

  // Payments, against the Stripe stand-in: each member pays for herself.
  "POST /api/create-subscription": {
    path: () => urlFor(paymentsEndpoints.subscribe),
    expect: everyMember(ok(clientSecretResponse)),
  },
  "POST /api/create-payment-intent": {
    path: () => urlFor(paymentsEndpoints.donate),
    body: () => ({ amount: 18, description: "Chai" }),
    expect: everyMember(ok(clientSecretResponse)),
  },
  "POST /api/billing-portal": {
    path: () => urlFor(paymentsEndpoints.billingPortal),
    expect: everyMember(ok(billingPortalResponse)),
  },
  "POST /api/recurring-gifts": {
    path: () => urlFor(givingEndpoints.createRecurringGift),
    body: () => ({ amount: 12 }),
    expect: everyMember(ok(clientSecretResponse)),
  },
  "GET /api/recurring-gifts": {
    path: () => urlFor(givingEndpoints.recurringGifts),
    expect: everyMember(ok(recurringGiftList)),
  },
  "DELETE /api/recurring-gifts/:id": {
    path: () => urlFor(givingEndpoints.stopRecurringGift, { params: { id: f.giftToStop } }),
    expect: ruthsPrivate(ok(messageResponse)),
  },
  "GET /api/giving": {
    path: () => urlFor(givingEndpoints.giving, { query: { year: 2026 } }),
    expect: everyMember(ok(givingResponse)),
  },

  // The admin dashboard.
  "GET /api/admin/analytics": {
    path: () => urlFor(adminEndpoints.analytics),
    expect: adminOnly(ok(analyticsResponse)),
  },
  "GET /api/admin/users": {
    path: () => urlFor(adminEndpoints.users),
    expect: adminOnly(ok(z.array(adminUser))),
  },
  "PATCH /api/admin/users/:id": {
    path: () => urlFor(adminEndpoints.updateUser, { params: { id: f.suspendee } }),
    body: () => ({ isIntercessor: false }),
    expect: adminOnly(ok(adminUser, 200, (res) => expect(res.body.isIntercessor).toBe(false))),
  },
  "GET /api/admin/groups": {
    path: () => urlFor(adminEndpoints.groups),
    expect: adminOnly(ok(z.array(adminGroup))),
  },
  "GET /api/admin/backups": {
    path: () => urlFor(backupsEndpoints.status),
    expect: adminOnly(ok(backupStatus)),
  },
  "GET /api/admin/demo-content": {
    path: () => urlFor(demoContentEndpoints.status),
    expect: adminOnly(ok(demoContentStatus)),
  },
  // This community was never seeded with demo content: there is nothing to remove.
  // Invitations to join (decision 064).
  "POST /api/admin/invitations": {
    path: () => urlFor(invitationsEndpoints.invite),
    body: () => ({ email: `invited.${hex}@example.test` }),
    expect: adminOnly(ok(pendingInvitation, 201)),
  },
  "GET /api/admin/invitations": {
    path: () => urlFor(invitationsEndpoints.pending),
    expect: adminOnly(ok(z.array(pendingInvitation))),
  },
  "DELETE /api/admin/invitations/:id": {
    path: () => urlFor(invitationsEndpoints.revoke, { params: { id: f.invitation } }),
    expect: adminOnly(noContent),
  },
  "GET /api/invitations/:token": {
    public: "the mailed link is the proof: she has no account yet",
    path: () =>
      urlFor(invitationsEndpoints.preview, { params: { token: "a-link-nobody-was-ever-sent-0000" } }),
    expect: { visitor: 404 },
  },
  "POST /api/admin/demo-content/remove": {
    path: () => urlFor(demoContentEndpoints.remove),
    body: () => ({ confirm: DEMO_REMOVAL_CONFIRMATION }),
    expect: adminOnly({ status: 409 }),
  },
  "GET /api/admin/settings": {
    path: () => urlFor(settingsEndpoints.get),
    expect: adminOnly(ok(siteSettingsResponse)),
  },
  "PATCH /api/admin/settings": {
    path: () => urlFor(settingsEndpoints.update),
    body: () => ({ welcomeLine: "There is room at the table for you." }),
    expect: adminOnly(
      ok(siteSettingsResponse, 200, (res) =>
        expect(res.body.welcomeLine.value).toBe("There is room at the table for you."),
      ),
    ),
  },
  "GET /api/admin/status": {
    path: () => urlFor(statusEndpoints.status),
    expect: adminOnly(ok(systemStatus)),
  },
  // Mail goes to the log here: the test mail is written there, to the administrator's own address.
  "POST /api/admin/status/test-mail": {
    path: () => urlFor(statusEndpoints.testMail),
    expect: adminOnly(ok(testMailResult, 200, (res) => expect(res.body.ok).toBe(true))),
  },

  // Her own words: she edits them; others hear they do not exist; an administrator may delete anything.
  "PATCH /api/prayer-requests/:id": {
    path: () => urlFor(moderationEndpoints.editPrayerRequest, { params: { id: f.ruthsPrayer } }),
    body: () => ({ content: "Peace for our home this winter." }),
    expect: ruthsPrivate(ok(editedContent)),
  },
  // The administrator deletes it first; then it is gone for Ruth too.
  "DELETE /api/prayer-requests/:id": {
    path: () => urlFor(moderationEndpoints.deletePrayerRequest, { params: { id: f.prayerToDelete } }),
    expect: { ...ruthsPrivate(noContent), admin: noContent, member: 404 },
  },
  "PATCH /api/prayer-responses/:id": {
    path: () => urlFor(moderationEndpoints.editPrayerResponse, { params: { id: f.ruthsResponse } }),
    body: () => ({ content: "Thank you, sisters." }),
    expect: ruthsPrivate(ok(editedContent)),
  },
  "DELETE /api/prayer-responses/:id": {
    path: () => urlFor(moderationEndpoints.deletePrayerResponse, { params: { id: f.responseToDelete } }),
    expect: { ...ruthsPrivate(noContent), admin: noContent, member: 404 },
  },
  "PATCH /api/discussions/:id": {
    path: () => urlFor(moderationEndpoints.editDiscussion, { params: { id: f.discussionId } }),
    body: () => ({ content: "Abide, and be still." }),
    expect: ruthsPrivate(ok(editedContent)),
  },
  "DELETE /api/discussions/:id": {
    path: () => urlFor(moderationEndpoints.deleteDiscussion, { params: { id: f.discussionToDelete } }),
    expect: { ...ruthsPrivate(noContent), admin: noContent, member: 404 },
  },
  "PATCH /api/article-discussions/:id": {
    path: () => urlFor(moderationEndpoints.editArticleDiscussion, { params: { id: f.articleDiscussionId } }),
    body: () => ({ content: "Read it twice." }),
    expect: ruthsPrivate(ok(editedContent)),
  },
  "DELETE /api/article-discussions/:id": {
    path: () =>
      urlFor(moderationEndpoints.deleteArticleDiscussion, { params: { id: f.articleDiscussionToDelete } }),
    expect: { ...ruthsPrivate(noContent), admin: noContent, member: 404 },
  },
  // Anyone may report Ruth's request but Ruth herself. Lydia reported it first; the administrator's
  // report is the second that counts (Orpah's address is unconfirmed), so it is hidden from the next
  // member, who is told it is not there.
  "POST /api/reports": {
    path: () => urlFor(moderationEndpoints.report),
    body: () => ({ targetType: "prayer_request", targetId: f.prayerToReport, reason: "spam" }),
    expect: { ...everyMember(ok(reportReceived, 202)), groupAdmin: 404, member: 400 },
  },
  "POST /api/blocks": {
    path: () => urlFor(moderationEndpoints.block),
    body: () => ({ userId: seeker.id }),
    expect: everyMember(ok(blockedMember, 201)),
  },
  "DELETE /api/blocks/:userId": {
    path: () => urlFor(moderationEndpoints.unblock, { params: { userId: seeker.id } }),
    expect: everyMember(noContent),
  },
  "GET /api/blocks": {
    path: () => urlFor(moderationEndpoints.blocks),
    expect: everyMember(ok(z.array(blockedMember))),
  },
  "GET /api/admin/reports": {
    path: () => urlFor(moderationEndpoints.adminReports),
    expect: adminOnly(ok(z.array(reportedItem))),
  },
  "POST /api/admin/reports/:id/restore": {
    path: () => urlFor(moderationEndpoints.adminRestore, { params: { id: f.reportToRestore } }),
    body: () => ({ reason: "Kind enough" }),
    expect: adminOnly(ok(resolveResult)),
  },
  "POST /api/admin/reports/:id/remove": {
    path: () => urlFor(moderationEndpoints.adminRemove, { params: { id: f.reportToRemove } }),
    body: () => ({ reason: "Advertising" }),
    expect: adminOnly(ok(resolveResult)),
  },
  "POST /api/admin/users/:id/warn": {
    path: () => urlFor(moderationEndpoints.adminWarn, { params: { id: f.suspendee } }),
    body: () => ({ reason: "Please keep your words kind." }),
    expect: adminOnly(ok(warningResult)),
  },
  "POST /api/admin/users/:id/suspend": {
    path: () => urlFor(moderationEndpoints.adminSuspend, { params: { id: f.suspendee } }),
    body: () => ({ until: new Date(Date.now() + 86_400_000).toISOString(), reason: "Unkind words" }),
    expect: adminOnly(ok(suspensionResult)),
  },
  "POST /api/admin/users/:id/unsuspend": {
    path: () => urlFor(moderationEndpoints.adminUnsuspend, { params: { id: f.suspendee } }),
    expect: adminOnly(ok(suspensionResult)),
  },
  "GET /api/admin/moderation-log": {
    path: () => urlFor(moderationEndpoints.adminLog),
    expect: adminOnly(ok(z.array(moderationLogEntry))),
  },

  // The API's own description.
  "GET /api/openapi.json": {
    path: () => urlFor(referenceEndpoints.openApi),
    expect: adminOnly(ok(apiDocument)),
  },
};

/** API routes as the app registered them (pages and HEAD are not part of the API). */
const apiRoutes = () =>
  t.app.routeList
    .filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD")
    .map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  env = await createContextWithDependencies();
  t = env.t;
  actors.admin = await t.admin();
  actors.member = await t.member({ email: SECRET.email.text, firstName: "Ruth", lastName: "Calloway" });
  actors.other = await t.member({ firstName: "Orpah" });
  actors.groupAdmin = await t.member({ firstName: "Deborah" });
  seeker = await t.member({ firstName: "Lydia" });
  applicant = await t.member({ firstName: "Priscilla" });
  // Members of long standing: a report counts toward hiding once her address is confirmed too
  // (the administrator's is; Lydia confirms hers below, where she reports).
  await t.database.pool.query("update users set created_at = now() - interval '40 days' where id = any($1)", [
    [...Object.values(actors), seeker].map((a) => a.id),
  ]);
  const {
    admin,
    member: ruth,
    groupAdmin: deborah,
  } = {
    admin: actors.admin.client,
    member: actors.member.client,
    groupAdmin: actors.groupAdmin.client,
  };

  // Teaching, added by the site administrator.
  f.videoId = (
    await succeeded(
      admin.call(videosEndpoints.adminCreate, { body: { ...video("The True Vine"), patronOnly: true } }),
    )
  ).id;
  f.videoToDelete = (
    await succeeded(admin.call(videosEndpoints.adminCreate, { body: video("A teaching to retire") }))
  ).id;
  const course = { title: "Foundations", description: "First steps in a life of faith." };
  f.activeCourse = (
    await succeeded(admin.call(coursesEndpoints.adminCreate, { body: { ...course, status: "active" } }))
  ).id;
  f.soonCourse = (
    await succeeded(admin.call(coursesEndpoints.adminCreate, { body: { ...course, status: "coming_soon" } }))
  ).id;
  f.patronCourse = (
    await succeeded(
      admin.call(coursesEndpoints.adminCreate, {
        body: { ...course, status: "active", patronOnly: true, courseUrl: PATRON_COURSE_URL },
      }),
    )
  ).id;
  // Lessons: a module of the active course with a reading, and what the walk removes and reorders.
  const addModule = async (courseId: number, title: string) =>
    (
      await succeeded(
        admin.call(lessonsEndpoints.adminAddModule, { params: { id: courseId }, body: { title } }),
      )
    ).id;
  const addReading = async (moduleId: number, title: string) =>
    (
      await succeeded(
        admin.call(lessonsEndpoints.adminAddLesson, {
          params: { id: moduleId },
          body: { title, kind: "reading", body: "Abide in Me, and I in you." },
        }),
      )
    ).id;
  f.lessonModule = await addModule(f.activeCourse, "Week 1: The true vine");
  f.moduleToDelete = await addModule(f.activeCourse, "A week to retire");
  f.lessonId = await addReading(f.lessonModule, "Abiding");
  f.lessonToDelete = await addReading(f.lessonModule, "A reading to retire");
  f.orderModule = await addModule(f.patronCourse, "Week 1");
  f.orderLessons = [await addReading(f.orderModule, "First"), await addReading(f.orderModule, "Second")];
  f.lessonCourse = (
    await succeeded(
      admin.call(coursesEndpoints.adminCreate, {
        body: { ...course, title: "The Names of God", status: "active" },
      }),
    )
  ).id;
  const namesWeek = await addModule(f.lessonCourse, "Week 1: El Shaddai");
  f.readingLesson = await addReading(namesWeek, "God Almighty");
  const addLesson = async (body: BodyIn<typeof lessonsEndpoints.adminAddLesson>) =>
    (await succeeded(admin.call(lessonsEndpoints.adminAddLesson, { params: { id: namesWeek }, body }))).id;
  f.reflectionLesson = await addLesson({
    title: "Your words",
    kind: "reflection",
    prompt: "Where was he strong?",
  });
  f.quizLesson = await addLesson({
    title: "A short quiz",
    kind: "quiz",
    quiz: [{ question: "What does El Shaddai mean?", choices: ["The Lord", "God Almighty"], answer: 1 }],
  });
  await succeeded(ruth.call(coursesEndpoints.enroll, { params: { id: f.lessonCourse } }));
  // Ruth finished a course and hid its certificate.
  f.certificate = `ruthscert${hex}`;
  await t.database.pool.query(
    "insert into certificates (code, user_id, course_id, hidden) values ($1, $2, $3, true)",
    [f.certificate, actors.member.id, f.activeCourse],
  );
  ruthsTokens.push(f.certificate);
  await succeeded(admin.call(articlesEndpoints.adminSync));
  f.articleId = (await succeeded(ruth.call(articlesEndpoints.list)))[0]!.id;

  // Ruth's private things.
  await succeeded(ruth.call(profileEndpoints.update, { body: { bio: SECRET.bio.text } }));
  await succeeded(
    ruth.call(notesEndpoints.create, {
      body: { videoId: f.videoId, content: SECRET.note.text, tags: [SECRET.tag.text] },
    }),
  );
  f.noteToDelete = (
    await succeeded(ruth.call(notesEndpoints.create, { body: { content: SECRET.noteToDelete.text } }))
  ).id;
  f.noteToEdit = (
    await succeeded(ruth.call(notesEndpoints.create, { body: { content: SECRET.noteToEdit.text } }))
  ).id;
  f.privatePrayer = (
    await succeeded(
      ruth.call(prayerEndpoints.share, { body: { content: SECRET.prayer.text, isPrivate: true } }),
    )
  ).id;
  f.ruthsLocal = (
    await succeeded(
      ruth.call(localGroupsEndpoints.create, {
        body: {
          name: "Orchard Sisters",
          description: "Evening prayer in a garden.",
          meetingType: "Prayer Group",
          location: "North Hills",
          address: SECRET.address.text,
          contactInfo: SECRET.contact.text,
        },
      }),
    )
  ).id;
  f.discussionId = (
    await succeeded(ruth.call(videosEndpoints.discuss, { body: { videoId: f.videoId, content: "Abide." } }))
  ).id;

  // Ruth's own words to edit and delete, and what members reported for the administrators' queue.
  const shareOpenly = async (content: string) =>
    (await succeeded(ruth.call(prayerEndpoints.share, { body: { content } }))).id;
  f.ruthsPrayer = await shareOpenly("Peace for our home.");
  f.prayerToDelete = await shareOpenly("A request she takes back.");
  f.prayerToReport = await shareOpenly("A request others report.");
  await t.verify(seeker);
  const seekersReport = await seeker.client.call(moderationEndpoints.report, {
    body: { targetType: "prayer_request", targetId: f.prayerToReport, reason: "spam" },
  });
  expect(seekersReport.status).toBe(202);
  const respondTo = async (content: string) =>
    (
      await succeeded(
        ruth.call(prayerEndpoints.respond, {
          params: { id: f.ruthsPrayer },
          body: { content, isPraying: false },
        }),
      )
    ).id;
  f.ruthsResponse = await respondTo("Thank you.");
  f.responseToDelete = await respondTo("A response she takes back.");
  f.discussionToDelete = (
    await succeeded(ruth.call(videosEndpoints.discuss, { body: { videoId: f.videoId, content: "Remain." } }))
  ).id;
  const commentOn = async (content: string) =>
    (await succeeded(ruth.call(articlesEndpoints.discuss, { body: { articleId: f.articleId, content } }))).id;
  f.articleDiscussionId = await commentOn("A comment to edit.");
  f.articleDiscussionToDelete = await commentOn("A comment she takes back.");
  const reportByLydia = async (targetType: "prayer_request" | "discussion", targetId: number) =>
    seeker.client.call(moderationEndpoints.report, { body: { targetType, targetId, reason: "unkind" } });
  const reportedRequest = await shareOpenly("A request an administrator restores.");
  const reportedReflection = (
    await succeeded(ruth.call(videosEndpoints.discuss, { body: { videoId: f.videoId, content: "Buy now." } }))
  ).id;
  await succeeded(reportByLydia("prayer_request", reportedRequest));
  await succeeded(reportByLydia("discussion", reportedReflection));
  const queue = await succeeded(admin.call(moderationEndpoints.adminReports));
  f.reportToRestore = queue.find((i) => i.targetId === reportedRequest)!.id;
  f.reportToRemove = queue.find((i) => i.targetId === reportedReflection)!.id;
  f.suspendee = (await t.member({ firstName: "Jezebel" })).id;
  f.invitation = (
    await succeeded(
      admin.call(invitationsEndpoints.invite, { body: { email: `waiting.${hex}@example.test` } }),
    )
  ).id;

  // The prayer support network: Orpah prays for the patrons as an intercessor; Phoebe is a patron.
  await succeeded(
    admin.call(adminEndpoints.updateUser, { params: { id: actors.other.id }, body: { isIntercessor: true } }),
  );
  const phoebe = await t.member({ firstName: "Phoebe" });
  await t.database.pool.query("update users set membership_tier = 'premium' where id = $1", [phoebe.id]);
  f.patronPrayer = (
    await succeeded(
      phoebe.client.call(prayerEndpoints.share, { body: { content: "For my mother's health." } }),
    )
  ).id;

  // Deborah's groups: a private one Ruth was let into, with two requests waiting; two open ones.
  const group = (name: string, open: boolean) => ({
    name,
    description: "Gathering around the Word each week.",
    category: "support" as const,
    isPrivate: !open,
    requiresApproval: !open,
  });
  f.privateGroup = (
    await succeeded(deborah.call(groupsEndpoints.create, { body: group("Hidden Spring", false) }))
  ).id;
  f.openGroup = (
    await succeeded(deborah.call(groupsEndpoints.create, { body: group("Open Door", true) }))
  ).id;
  f.groupToLeave = (
    await succeeded(deborah.call(groupsEndpoints.create, { body: group("Passing Through", true) }))
  ).id;
  await succeeded(ruth.call(groupsEndpoints.join, { params: { id: f.groupToLeave }, body: {} }));
  f.groupToPrune = (
    await succeeded(deborah.call(groupsEndpoints.create, { body: group("Pruning Season", true) }))
  ).id;
  const pruned = await t.member({ firstName: "Tabitha" });
  await succeeded(pruned.client.call(groupsEndpoints.join, { params: { id: f.groupToPrune }, body: {} }));
  f.memberToRemove = pruned.id;
  for (const who of [actors.member, seeker, applicant]) {
    await succeeded(who.client.call(groupsEndpoints.join, { params: { id: f.privateGroup }, body: {} }));
  }
  const pending: Array<{ id: number; user: { id: number } }> = await succeeded(
    deborah.call(groupsEndpoints.requests, { params: { id: f.privateGroup } }),
  );
  const requestOf = (m: Member) => pending.find((r) => r.user.id === m.id)!.id;
  await succeeded(
    deborah.call(groupsEndpoints.approveRequest, {
      params: { id: f.privateGroup, requestId: requestOf(actors.member) },
    }),
  );
  f.requestToApprove = requestOf(seeker);
  f.requestToDecline = requestOf(applicant);

  const local = (name: string) => ({
    name,
    description: "Walking and praying together.",
    meetingType: "Social Fellowship" as const,
    location: "Riverside",
    requiresApproval: false,
  });
  f.localOpen = (
    await succeeded(deborah.call(localGroupsEndpoints.create, { body: local("Riverside Walkers") }))
  ).id;
  f.localToLeave = (
    await succeeded(deborah.call(localGroupsEndpoints.create, { body: local("Bridge Builders") }))
  ).id;
  await succeeded(ruth.call(localGroupsEndpoints.join, { params: { id: f.localToLeave } }));
  f.localApproval = (
    await succeeded(
      deborah.call(localGroupsEndpoints.create, {
        body: { ...local("Harbour Lights"), requiresApproval: true },
      }),
    )
  ).id;
  for (const m of [seeker, applicant]) {
    await succeeded(m.client.call(localGroupsEndpoints.join, { params: { id: f.localApproval } }));
  }
  const localPending = await succeeded(
    deborah.call(localGroupsEndpoints.requests, { params: { id: f.localApproval } }),
  );
  const localRequestOf = (m: Member) => localPending.find((r) => r.user.id === m.id)!.id;
  f.localRequestToApprove = localRequestOf(seeker);
  f.localRequestToDecline = localRequestOf(applicant);

  // The private group's conversation and a local group Deborah and Ruth share.
  const inPrivateGroup = async (body: string, kind: "discussion" | "prayer" = "discussion") =>
    (
      await succeeded(
        ruth.call(conversationEndpoints.postInCultivationGroup, {
          params: { id: f.privateGroup },
          body: { kind, body },
        }),
      )
    ).id;
  f.groupPost = await inPrivateGroup("Ruth's words to the group.");
  f.groupPostToDelete = await inPrivateGroup("A post the group's admin removes.");
  f.groupPrayer = await inPrivateGroup("Please pray for my sister's surgery.", "prayer");
  const replyToGroupPost = async (body: string) =>
    (await succeeded(ruth.call(conversationEndpoints.reply, { params: { id: f.groupPost }, body: { body } })))
      .id;
  f.groupReply = await replyToGroupPost("Thank you all.");
  f.groupReplyToDelete = await replyToGroupPost("A reply the group's admin removes.");
  f.localTalk = (
    await succeeded(deborah.call(localGroupsEndpoints.create, { body: local("Riverside Talk") }))
  ).id;
  await succeeded(ruth.call(localGroupsEndpoints.join, { params: { id: f.localTalk } }));

  // Deborah and Ruth share the private group, so they write to each other at once; two members
  // who walk with Ruth nowhere ask to write to her.
  const opened = await deborah.call(messagesEndpoints.start, {
    body: { memberId: actors.member.id, body: "Shalom Ruth, how is your sister?" },
  });
  expect(opened.status).toBe(201);
  f.conversation = (opened.body as { id: number }).id;
  const ruthWrites = async (body: string) =>
    (await succeeded(ruth.call(messagesEndpoints.send, { params: { id: f.conversation }, body: { body } })))
      .id;
  f.ruthsMessage = await ruthWrites("Home and resting, thank God.");
  f.messageToDelete = await ruthWrites("A message she takes back.");
  const asks = async (firstName: string) => {
    const asking = await t.member({ firstName });
    const res = await asking.client.call(messagesEndpoints.start, {
      body: { memberId: actors.member.id, body: "May I write to you?" },
    });
    expect(res.status).toBe(202);
    const [row] = (
      await t.database.pool.query<{ id: number }>(
        "select conversation_id as id from direct_conversation_members where user_id = $1",
        [asking.id],
      )
    ).rows;
    return row!.id;
  };
  f.messageRequestToAccept = await asks("Salome");
  f.messageRequestToDecline = await asks("Joanna");

  // Deborah's private group's gatherings.
  f.groupEvent = (
    await succeeded(
      deborah.call(eventsEndpoints.create, {
        body: { ...gathering("Hidden Spring supper"), groupId: f.privateGroup },
      }),
    )
  ).id;
  f.eventToCancel = (
    await succeeded(
      deborah.call(eventsEndpoints.create, {
        body: { ...gathering("Hidden Spring walk"), groupId: f.privateGroup },
      }),
    )
  ).id;

  // Discipleship: Ruth mentors in three connections; one request of Ruth's waits for a mentor.
  // One open connection per mentor and mentee, so each has a mentee of its own.
  const connect = async (area: string, mentee: Member) => {
    await succeeded(
      ruth.call(discipleshipEndpoints.submit, { body: { experienceLevel: "teacher", focusAreas: [area] } }),
    );
    const res = await succeeded(
      mentee.client.call(discipleshipEndpoints.submit, {
        body: { experienceLevel: "new", focusAreas: [area] },
      }),
    );
    expect(res.matched).toBe(true);
    return res.id;
  };
  f.connectionToAccept = await connect(`${SECRET.focus.text}a`, seeker);
  f.connectionToDecline = await connect(`${SECRET.focus.text}d`, applicant);
  f.connectionToComplete = await connect(`${SECRET.focus.text}c`, await t.member({ firstName: "Lois" }));
  await succeeded(ruth.call(discipleshipEndpoints.accept, { params: { id: f.connectionToComplete } }));
  f.waitingEntry = (
    await succeeded(
      ruth.call(discipleshipEndpoints.submit, {
        body: { experienceLevel: "growing", focusAreas: [`${SECRET.focus.text}w`] },
      }),
    )
  ).id;

  // Everyone has a billing account, so the customer portal opens for each; Ruth is also subscribing.
  for (const who of [actors.member, actors.other, actors.groupAdmin, actors.admin]) {
    await succeeded(who.client.call(paymentsEndpoints.donate, { body: { amount: 5 } }));
  }
  await succeeded(ruth.call(givingEndpoints.createRecurringGift, { body: { amount: 36 } }));
  f.giftToStop = giftReference(
    [...env.stripe.subscriptions.values()].find(
      (s) => s.metadata?.userId === String(actors.member.id) && s.metadata?.purpose === "gift",
    )!.id,
  );
  await succeeded(ruth.call(paymentsEndpoints.subscribe));

  const token = actors.member.client.jar.get("sid")!;
  ruthsTokens.push(token, createHash("sha256").update(token).digest("hex"));
  const customer = [...env.stripe.customers.values()].find(
    (c) => c.metadata?.userId === String(actors.member.id),
  )!;
  ruthsTokens.push(customer.id);
  for (const s of env.stripe.subscriptions.values()) if (s.customer === customer.id) ruthsTokens.push(s.id);
  for (const p of env.stripe.paymentIntents.values()) if (p.customer === customer.id) ruthsTokens.push(p.id);
  expect(ruthsTokens.some((id) => id.startsWith("sub_"))).toBe(true);
  expect(ruthsTokens.some((id) => id.startsWith("pi_"))).toBe(true);
}, 120_000);
afterAll(() => env?.close());

/** Only the payment routes hand a member a payment intent's client secret, and only her own. */
const MAY_CARRY_PAYMENT_SECRET = new Set([
  "POST /api/create-subscription",
  "POST /api/create-payment-intent",
  "POST /api/recurring-gifts",
]);

/** Values no route accepts, sent where a route reads its input. */
const JUNK_BODY = { junk: ["\u0000", -1, { deep: true }], email: 42, content: "" };
const withJunkParams = (url: string) => url.replace(/:\w+/g, "not-an-id");

describe("who is asking is decided before what she sent is read", () => {
  it("answers 401 to a visitor and 403 to a member on every route that is not theirs, whatever they send", async () => {
    const visitor = t.visitor();
    const member = actors.other.client;
    const publicRoutes = new Set(
      Object.entries(TABLE)
        .filter(([, entry]) => entry.public)
        .map(([key]) => key),
    );
    let tried = 0;
    for (const key of apiRoutes()) {
      if (publicRoutes.has(key)) continue;
      const [method, url] = key.split(" ") as ["GET" | "POST" | "PATCH" | "DELETE", string];
      const path = `${withJunkParams(url)}?limit=junk&before=-1&search=${"x".repeat(500)}`;
      const body = method === "GET" ? undefined : JUNK_BODY;
      const asVisitor = await visitor.request(method, path, body);
      expect(asVisitor.status, `${key} as a visitor`).toBe(401);
      expect(asVisitor.body, `${key} as a visitor`).toEqual({ message: "Unauthorized" });
      if (url.startsWith("/api/admin/")) {
        const asMember = await member.request(method, path, body);
        expect(asMember.status, `${key} as a member`).toBe(403);
      }
      tried += 1;
    }
    expect(tried).toBeGreaterThan(60);
  });
});

describe("the authorization matrix", () => {
  it("has exactly one entry for every API route the server registers", () => {
    const registered = apiRoutes();
    const missing = registered.filter((key) => !(key in TABLE));
    const stale = Object.keys(TABLE).filter((key) => !registered.includes(key));
    expect(missing, `routes without an entry in the authorization table: ${missing.join(", ")}`).toEqual([]);
    expect(stale, `entries for routes the server no longer registers: ${stale.join(", ")}`).toEqual([]);
    for (const [key, entry] of Object.entries(TABLE)) {
      const tried = ACTORS.filter((a) => entry.expect[a] !== undefined);
      if (entry.public) expect(entry.expect.visitor, `${key} says what a visitor hears`).toBeDefined();
      else expect(tried, `${key} is tried by every actor`).toEqual([...ACTORS]);
    }
  });

  it("answers each actor as the table says, and leaks nothing of Ruth's to anyone else", async () => {
    const clients: Record<Exclude<Actor, "visitor">, TestClient> = {
      other: actors.other.client,
      admin: actors.admin.client,
      groupAdmin: actors.groupAdmin.client,
      member: actors.member.client,
    };
    let routesChecked = 0;
    let checks = 0;
    let scanned = 0;

    for (const key of apiRoutes()) {
      const entry = TABLE[key];
      // Reported by the test above; the rest of the matrix still runs.
      if (!entry) continue;
      const [method] = key.split(" ") as ["GET" | "POST" | "PATCH" | "DELETE"];
      routesChecked += 1;
      for (const caller of [...ACTORS, "fresh"] as const) {
        const expected = entry.expect[caller];
        if (expected === undefined) continue;
        const outcome: Outcome = typeof expected === "number" ? { status: expected } : expected;
        // A visitor stays a stranger: signing in or registering on a public route must not carry over.
        const client =
          caller === "fresh"
            ? (await t.member()).client
            : caller === "visitor"
              ? t.visitor()
              : clients[caller];
        const res = await client.request(method, entry.path(), entry.body?.(caller));
        checks += 1;
        const where = `${key} as ${caller}`;
        expect(res.status, `${where}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(outcome.status);
        if (outcome.status === 401) expect(res.body, where).toEqual({ message: "Unauthorized" });
        else if (outcome.status >= 400) expect(typeof messageOf(res.body), where).toBe("string");
        if (outcome.schema) {
          const parsed = outcome.schema.safeParse(res.body);
          expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
        }
        outcome.check?.(res, caller);

        const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
        expect(text, where).not.toContain("$argon2");
        expect(text, where).not.toMatch(/\b(cus|sub)_[A-Za-z0-9]/);
        if (!MAY_CARRY_PAYMENT_SECRET.has(key)) expect(text, where).not.toMatch(/\bpi_[A-Za-z0-9]/);
        if (caller === "member") continue;
        scanned += 1;
        for (const [name, secret] of Object.entries(SECRET)) {
          if (caller === "admin" && secret.adminMaySee) continue;
          expect(text.includes(secret.text), `${where} shows Ruth's ${name}`).toBe(false);
        }
        for (const token of ruthsTokens)
          expect(text.includes(token), `${where} shows Ruth's ${token}`).toBe(false);
        if (caller !== "admin") {
          for (const [name, m] of Object.entries(actors)) {
            if (name !== caller)
              expect(text.includes(m.email), `${where} shows ${name}'s e-mail`).toBe(false);
          }
        }
      }
    }

    expect(routesChecked).toBe(Object.keys(TABLE).length);
    recordFigures("Authorization", {
      "routes checked": routesChecked,
      "actor × route checks": checks,
      "responses scanned for leaks": scanned,
    });
  }, 120_000);
});
