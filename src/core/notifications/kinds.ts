/**
 * Every kind of notification a member can receive: what she reads, where it takes her, how it is
 * offered on the preferences page, and how it is mailed unless she chooses otherwise. Adding a kind
 * is one entry here and one `notify(tx, kind, …)` call in the transaction of the change that causes
 * it (decision 033); the API, the preferences, the bell and the mail all read this table.
 */

/** How a kind reaches her inbox: a few minutes after it happens, gathered in her digest, or not at all. */
export const EMAIL_CHOICES = ["instant", "digest", "never"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export const EMAIL_CHOICE_LABELS: Record<EmailChoice, string> = {
  instant: "Right away",
  digest: "In my digest",
  never: "Never",
};

/** Notifications shown a page at a time on /notifications, and in the bell's panel. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PANEL_SIZE = 8;

export const DIGEST_FREQUENCIES = ["daily", "weekly"] as const;
export const DIGEST_FREQUENCY_LABELS = { daily: "Daily", weekly: "Weekly" } as const;
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** What a stored notification holds besides its kind: enough to write its sentence and its link. */
export interface NotificationFacts {
  subjectId: number;
  /** First name of the member who acted (the latest of them, for gathered prayers). */
  actorName: string | null;
  /** How many acted (prayers gathered into one notification; articles arrived in one sync). */
  actorCount: number;
  /** A title or name the sentence mentions, as it was when the notification was made. */
  title: string | null;
}

interface KindSpec {
  /** Where it is listed on the preferences page. */
  section:
    | "Prayer"
    | "Groups"
    | "Messages"
    | "Events"
    | "Discipleship"
    | "Courses"
    | "New content"
    | "Moderation";
  /** The preference's label: what she is told about. */
  label: string;
  email: EmailChoice;
  /**
   * Never changed from a mail's unsubscribe link, which anyone holding the mail can press: notices
   * about her safety and the community's (moderation). Their mail carries no such link.
   */
  keptFromLinks?: true;
  text: (n: NotificationFacts) => string;
  url: (n: NotificationFacts) => string;
}

const someone = (n: NotificationFacts) => n.actorName?.trim() || "A member";
const others = (count: number) => (count === 1 ? "1 other" : `${count} others`);
const titled = (n: NotificationFacts, fallback: string) => n.title?.trim() || fallback;

export const NOTIFICATION_KINDS = {
  prayer_prayed: {
    section: "Prayer",
    label: "Someone prayed for my request",
    email: "instant",
    text: (n) =>
      n.actorCount > 1
        ? `${someone(n)} and ${others(n.actorCount - 1)} prayed for your request`
        : `${someone(n)} prayed for your request`,
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  prayer_response: {
    section: "Prayer",
    label: "Someone responded to my request",
    email: "instant",
    text: (n) => `${someone(n)} responded to your prayer request`,
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  prayer_answered: {
    section: "Prayer",
    label: "A request I prayed for was answered",
    email: "instant",
    text: () => "A request you prayed for was answered. Read the praise report",
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  // Once a week, to a patron whose requests the intercessors marked "prayed this week".
  intercessors_prayed: {
    section: "Prayer",
    label: "The intercessors prayed for me this week",
    email: "instant",
    text: () => "The intercessors prayed for you by name this week",
    url: () => "/profile?tab=membership",
  },
  group_join_requested: {
    section: "Groups",
    label: "Someone asks to join a group I lead",
    email: "instant",
    text: (n) => `${someone(n)} asked to join ${titled(n, "your group")}`,
    url: (n) => `/cultivation-groups/${n.subjectId}`,
  },
  group_join_approved: {
    section: "Groups",
    label: "My request to join a group was approved",
    email: "instant",
    text: (n) => `Welcome! Your request to join ${titled(n, "the group")} was approved`,
    url: (n) => `/cultivation-groups/${n.subjectId}`,
  },
  group_join_declined: {
    section: "Groups",
    label: "My request to join a group was declined",
    email: "instant",
    text: (n) => `Your request to join ${titled(n, "the group")} was declined`,
    url: () => "/cultivation-groups",
  },
  local_group_join_requested: {
    section: "Groups",
    label: "Someone asks to join a local group I lead",
    email: "instant",
    text: (n) => `${someone(n)} asked to join ${titled(n, "your local group")}`,
    url: (n) => `/local-communities/${n.subjectId}`,
  },
  local_group_join_approved: {
    section: "Groups",
    label: "My request to join a local group was approved",
    email: "instant",
    text: (n) => `Welcome! Your request to join ${titled(n, "the local group")} was approved`,
    url: (n) => `/local-communities/${n.subjectId}`,
  },
  local_group_join_declined: {
    section: "Groups",
    label: "My request to join a local group was declined",
    email: "instant",
    text: (n) => `Your request to join ${titled(n, "the local group")} was declined`,
    url: () => "/local-communities",
  },
  // A group's conversation: the subject is the post, the title the group's name.
  group_post: {
    section: "Groups",
    label: "A new post in a group I belong to",
    email: "digest",
    text: (n) => `${someone(n)} posted in ${titled(n, "your group")}`,
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_announcement: {
    section: "Groups",
    label: "An announcement from the leaders of my group",
    email: "instant",
    text: (n) => `${someone(n)} made an announcement in ${titled(n, "your group")}`,
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_reply: {
    section: "Groups",
    label: "A reply to my post, or in a conversation I replied in",
    email: "instant",
    text: (n) => `${someone(n)} replied in ${titled(n, "your group")}`,
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_mention: {
    section: "Groups",
    label: "Someone mentions me in a group",
    email: "instant",
    text: (n) => `${someone(n)} mentioned you in ${titled(n, "your group")}`,
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  // Gathered by request and hour, like prayer_prayed.
  group_prayed: {
    section: "Groups",
    label: "Someone prayed for my request in a group",
    email: "instant",
    text: (n) =>
      n.actorCount > 1
        ? `${someone(n)} and ${others(n.actorCount - 1)} prayed for your request in your group`
        : `${someone(n)} prayed for your request in your group`,
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  // Private messages: the subject is the conversation, one notice per message (its id the key). Her
  // words never travel in a notice: a mail's subject and a phone's lock screen say who wrote, not what.
  message: {
    section: "Messages",
    label: "A new message for me",
    email: "instant",
    text: (n) => `${someone(n)} sent you a message`,
    url: (n) => `/messages/${n.subjectId}`,
  },
  message_request: {
    section: "Messages",
    label: "Someone I don't walk with asks to write to me",
    email: "instant",
    text: (n) => `${someone(n)} would like to send you a message`,
    url: (n) => `/messages/${n.subjectId}`,
  },
  event_place_opened: {
    section: "Events",
    label: "A place opened for me at an event",
    email: "instant",
    text: (n) => `A place opened for you at ${titled(n, "an event")}: you are going`,
    url: (n) => `/events/${n.subjectId}`,
  },
  event_changed: {
    section: "Events",
    label: "An event I'm going to changes time or place",
    email: "instant",
    text: (n) => `${titled(n, "An event you're going to")} has a new time or place`,
    url: (n) => `/events/${n.subjectId}`,
  },
  event_cancelled: {
    section: "Events",
    label: "An event I'm going to is cancelled",
    email: "instant",
    text: (n) => `${titled(n, "An event you're going to")} was cancelled`,
    url: (n) => `/events/${n.subjectId}`,
  },
  // The title is the event's title and her words, shortened: "Shabbat dinner: Bring a salad…".
  event_message: {
    section: "Events",
    label: "The creator of an event I'm going to writes to those coming",
    email: "instant",
    text: (n) => `${someone(n)} wrote about ${titled(n, "an event you're going to")}`,
    url: (n) => `/events/${n.subjectId}`,
  },
  event_reminder_day: {
    section: "Events",
    label: "A day before an event I'm going to",
    email: "instant",
    text: (n) => `Tomorrow: ${titled(n, "an event you're going to")}`,
    url: (n) => `/events/${n.subjectId}`,
  },
  // Right away by default: push follows the mail choice (decision 042), and an hour before is when a
  // phone should say it; the mail, a few minutes later, is dropped if she saw it in the app.
  event_reminder_hour: {
    section: "Events",
    label: "An hour before an event I'm going to",
    email: "instant",
    text: (n) => `Starting within the hour: ${titled(n, "an event you're going to")}`,
    url: (n) => `/events/${n.subjectId}`,
  },
  discipleship_mentor_matched: {
    section: "Discipleship",
    label: "A mentor was matched with my request",
    email: "instant",
    text: () => "A mentor was matched with your request",
    url: () => "/discipleship",
  },
  discipleship_mentee_matched: {
    section: "Discipleship",
    label: "A mentee was matched with my offer",
    email: "instant",
    text: () => "A mentee was matched with your offer to mentor. Please accept or decline",
    url: () => "/discipleship",
  },
  discipleship_accepted: {
    section: "Discipleship",
    label: "My mentor accepted our connection",
    email: "instant",
    text: (n) => `${someone(n)} accepted your mentoring connection`,
    url: () => "/discipleship",
  },
  discipleship_completed: {
    section: "Discipleship",
    label: "A mentoring connection was completed",
    email: "instant",
    text: (n) => `${someone(n)} marked your mentoring connection completed`,
    url: () => "/discipleship",
  },
  // A lesson of a course she is enrolled in opened on its day (the subject is the lesson, the title
  // the lesson's): told once per lesson, by the scheduled run in features/certificates.
  lesson_opened: {
    section: "Courses",
    label: "A new lesson opens in a course I'm taking",
    email: "digest",
    text: (n) => `A new lesson is open for you: ${titled(n, "your next lesson")}`,
    url: (n) => `/lessons/${n.subjectId}`,
  },
  video_published: {
    section: "New content",
    label: "A new teaching video is published",
    email: "digest",
    text: (n) => `New teaching: ${titled(n, "a new video")}`,
    url: (n) => `/video/${n.subjectId}`,
  },
  articles_arrived: {
    section: "New content",
    label: "New articles arrive from the newsletter",
    email: "digest",
    text: (n) =>
      n.actorCount > 1 ? `${n.actorCount} new articles to read` : `New article: ${titled(n, "read it now")}`,
    url: () => "/articles",
  },
  // "Moderation" is not one of the sections the preferences page offers, and no unsubscribe link
  // changes these: they are always mailed right away.
  // For administrators only.
  moderation_review: {
    section: "Moderation",
    label: "Something members reported waits for review",
    email: "instant",
    keptFromLinks: true,
    text: () => "Something members reported waits for your review",
    url: () => "/admin?tab=moderation",
  },
  // To the member an administrator warned; the title is the administrator's reason, as written.
  moderation_warning: {
    section: "Moderation",
    label: "A note from the moderators about what I share",
    email: "instant",
    keptFromLinks: true,
    text: (n) => `A note from the ministry's moderators: ${titled(n, "please be kind in what you share.")}`,
    url: () => "/profile",
  },
} as const satisfies Record<string, KindSpec>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

/** Whether a mail's unsubscribe link may change how this kind is mailed (`keptFromLinks`). */
export const changedByLinks = (kind: NotificationKind) => {
  const spec: KindSpec = NOTIFICATION_KINDS[kind];
  return !spec.keptFromLinks;
};

export const NOTIFICATION_SECTIONS = [
  "Prayer",
  "Groups",
  "Messages",
  "Events",
  "Discipleship",
  "Courses",
  "New content",
] as const;

/** The sentence and the link of a stored notification. */
export function describeNotification(kind: NotificationKind, facts: NotificationFacts) {
  const spec: KindSpec = NOTIFICATION_KINDS[kind];
  return { text: spec.text(facts), url: spec.url(facts) };
}

/** Her e-mail choice for each kind: what she chose, else the kind's default. */
export function emailChoices(
  chosen: Partial<Record<string, EmailChoice>>,
): Record<NotificationKind, EmailChoice> {
  const choices = {} as Record<NotificationKind, EmailChoice>;
  for (const kind of NOTIFICATION_KIND_NAMES) choices[kind] = chosen[kind] ?? NOTIFICATION_KINDS[kind].email;
  return choices;
}
