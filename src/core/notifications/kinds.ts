import { type MessageId, t } from "../i18n";

/**
 * Every kind of notification a member can receive: what she reads, where it takes her, how it is
 * offered on the preferences page, and how it is mailed unless she chooses otherwise. Adding a kind
 * is one entry here and one `notify(tx, kind, …)` call in the transaction of the change that causes
 * it (decision 033); the API, the preferences, the bell and the mail all read this table.
 */

/** How a kind reaches her inbox: a few minutes after it happens, gathered in her digest, or not at all. */
export const EMAIL_CHOICES = ["instant", "digest", "never"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export const EMAIL_CHOICE_LABELS = {
  instant: "Right away",
  digest: "In my digest",
  never: "Never",
} as const satisfies Record<EmailChoice, MessageId>;

/** Notifications shown a page at a time on /notifications, and in the bell's panel. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PANEL_SIZE = 8;

export const DIGEST_FREQUENCIES = ["daily", "weekly"] as const;
export const DIGEST_FREQUENCY_LABELS = { daily: "Daily", weekly: "Weekly" } as const satisfies Record<
  (typeof DIGEST_FREQUENCIES)[number],
  MessageId
>;
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const satisfies readonly MessageId[];

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
  /** The preference's label: what she is told about (translated where it is shown). */
  label: MessageId;
  email: EmailChoice;
  /**
   * Never changed from a mail's unsubscribe link, which anyone holding the mail can press: notices
   * about her safety and the community's (moderation). Their mail carries no such link.
   */
  keptFromLinks?: true;
  text: (n: NotificationFacts, w: Mark) => string;
  url: (n: NotificationFacts) => string;
}

// The sentences are written when they are read, in the language of the page, mail or push asking.
// `w` marks what a member wrote (a name, a title) for the mail, which sets it in its own direction.
type Mark = (memberText: string) => string;
const someone = (n: NotificationFacts, w: Mark) => {
  const name = n.actorName?.trim();
  return name ? w(name) : t("A member");
};
const titled = (n: NotificationFacts, w: Mark, fallback: () => string) => {
  const title = n.title?.trim();
  return title ? w(title) : fallback();
};

export const NOTIFICATION_KINDS = {
  prayer_prayed: {
    section: "Prayer",
    label: "Someone prayed for my request",
    email: "instant",
    text: (n, w) =>
      n.actorCount > 1
        ? t("{name} and {count, plural, one {# other} other {# others}} prayed for your request", {
            name: someone(n, w),
            count: n.actorCount - 1,
          })
        : t("{name} prayed for your request", { name: someone(n, w) }),
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  prayer_response: {
    section: "Prayer",
    label: "Someone responded to my request",
    email: "instant",
    text: (n, w) => t("{name} responded to your prayer request", { name: someone(n, w) }),
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  prayer_answered: {
    section: "Prayer",
    label: "A request I prayed for was answered",
    email: "instant",
    text: () => t("A request you prayed for was answered. Read the praise report"),
    url: (n) => `/community#prayer-${n.subjectId}`,
  },
  // Once a week, to a patron whose requests the intercessors marked "prayed this week".
  intercessors_prayed: {
    section: "Prayer",
    label: "The intercessors prayed for me this week",
    email: "instant",
    text: () => t("The intercessors prayed for you by name this week"),
    url: () => "/profile?tab=membership",
  },
  group_join_requested: {
    section: "Groups",
    label: "Someone asks to join a group I lead",
    email: "instant",
    text: (n, w) =>
      t("{name} asked to join {group}", { name: someone(n, w), group: titled(n, w, () => t("your group")) }),
    url: (n) => `/cultivation-groups/${n.subjectId}`,
  },
  group_join_approved: {
    section: "Groups",
    label: "My request to join a group was approved",
    email: "instant",
    text: (n, w) =>
      t("Welcome! Your request to join {group} was approved", { group: titled(n, w, () => t("the group")) }),
    url: (n) => `/cultivation-groups/${n.subjectId}`,
  },
  group_join_declined: {
    section: "Groups",
    label: "My request to join a group was declined",
    email: "instant",
    text: (n, w) =>
      t("Your request to join {group} was declined", { group: titled(n, w, () => t("the group")) }),
    url: () => "/cultivation-groups",
  },
  local_group_join_requested: {
    section: "Groups",
    label: "Someone asks to join a local group I lead",
    email: "instant",
    text: (n, w) =>
      t("{name} asked to join {group}", {
        name: someone(n, w),
        group: titled(n, w, () => t("your local group")),
      }),
    url: (n) => `/local-communities/${n.subjectId}`,
  },
  local_group_join_approved: {
    section: "Groups",
    label: "My request to join a local group was approved",
    email: "instant",
    text: (n, w) =>
      t("Welcome! Your request to join {group} was approved", {
        group: titled(n, w, () => t("the local group")),
      }),
    url: (n) => `/local-communities/${n.subjectId}`,
  },
  local_group_join_declined: {
    section: "Groups",
    label: "My request to join a local group was declined",
    email: "instant",
    text: (n, w) =>
      t("Your request to join {group} was declined", { group: titled(n, w, () => t("the local group")) }),
    url: () => "/local-communities",
  },
  // A group's conversation: the subject is the post, the title the group's name.
  group_post: {
    section: "Groups",
    label: "A new post in a group I belong to",
    email: "digest",
    text: (n, w) =>
      t("{name} posted in {group}", { name: someone(n, w), group: titled(n, w, () => t("your group")) }),
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_announcement: {
    section: "Groups",
    label: "An announcement from the leaders of my group",
    email: "instant",
    text: (n, w) =>
      t("{name} made an announcement in {group}", {
        name: someone(n, w),
        group: titled(n, w, () => t("your group")),
      }),
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_reply: {
    section: "Groups",
    label: "A reply to my post, or in a conversation I replied in",
    email: "instant",
    text: (n, w) =>
      t("{name} replied in {group}", { name: someone(n, w), group: titled(n, w, () => t("your group")) }),
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  group_mention: {
    section: "Groups",
    label: "Someone mentions me in a group",
    email: "instant",
    text: (n, w) =>
      t("{name} mentioned you in {group}", {
        name: someone(n, w),
        group: titled(n, w, () => t("your group")),
      }),
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  // Gathered by request and hour, like prayer_prayed.
  group_prayed: {
    section: "Groups",
    label: "Someone prayed for my request in a group",
    email: "instant",
    text: (n, w) =>
      n.actorCount > 1
        ? t(
            "{name} and {count, plural, one {# other} other {# others}} prayed for your request in your group",
            {
              name: someone(n, w),
              count: n.actorCount - 1,
            },
          )
        : t("{name} prayed for your request in your group", { name: someone(n, w) }),
    url: (n) => `/group-posts/${n.subjectId}`,
  },
  // Private messages: the subject is the conversation, one notice per message (its id the key). Her
  // words never travel in a notice: a mail's subject and a phone's lock screen say who wrote, not what.
  message: {
    section: "Messages",
    label: "A new message for me",
    email: "instant",
    text: (n, w) => t("{name} sent you a message", { name: someone(n, w) }),
    url: (n) => `/messages/${n.subjectId}`,
  },
  message_request: {
    section: "Messages",
    label: "Someone I don't walk with asks to write to me",
    email: "instant",
    text: (n, w) => t("{name} would like to send you a message", { name: someone(n, w) }),
    url: (n) => `/messages/${n.subjectId}`,
  },
  event_place_opened: {
    section: "Events",
    label: "A place opened for me at an event",
    email: "instant",
    text: (n, w) =>
      t("A place opened for you at {event}: you are going", { event: titled(n, w, () => t("an event")) }),
    url: (n) => `/events/${n.subjectId}`,
  },
  event_changed: {
    section: "Events",
    label: "An event I'm going to changes time or place",
    email: "instant",
    text: (n, w) =>
      t("{event} has a new time or place", { event: titled(n, w, () => t("An event you're going to")) }),
    url: (n) => `/events/${n.subjectId}`,
  },
  event_cancelled: {
    section: "Events",
    label: "An event I'm going to is cancelled",
    email: "instant",
    text: (n, w) => t("{event} was cancelled", { event: titled(n, w, () => t("An event you're going to")) }),
    url: (n) => `/events/${n.subjectId}`,
  },
  // The title is the event's title and her words, shortened: "Shabbat dinner: Bring a salad…".
  event_message: {
    section: "Events",
    label: "The creator of an event I'm going to writes to those coming",
    email: "instant",
    text: (n, w) =>
      t("{name} wrote about {event}", {
        name: someone(n, w),
        event: titled(n, w, () => t("an event you're going to")),
      }),
    url: (n) => `/events/${n.subjectId}`,
  },
  event_reminder_day: {
    section: "Events",
    label: "A day before an event I'm going to",
    email: "instant",
    text: (n, w) => t("Tomorrow: {event}", { event: titled(n, w, () => t("an event you're going to")) }),
    url: (n) => `/events/${n.subjectId}`,
  },
  // Right away by default: push follows the mail choice (decision 042), and an hour before is when a
  // phone should say it; the mail, a few minutes later, is dropped if she saw it in the app.
  event_reminder_hour: {
    section: "Events",
    label: "An hour before an event I'm going to",
    email: "instant",
    text: (n, w) =>
      t("Starting within the hour: {event}", { event: titled(n, w, () => t("an event you're going to")) }),
    url: (n) => `/events/${n.subjectId}`,
  },
  discipleship_mentor_matched: {
    section: "Discipleship",
    label: "A mentor was matched with my request",
    email: "instant",
    text: () => t("A mentor was matched with your request"),
    url: () => "/discipleship",
  },
  discipleship_mentee_matched: {
    section: "Discipleship",
    label: "A mentee was matched with my offer",
    email: "instant",
    text: () => t("A mentee was matched with your offer to mentor. Please accept or decline"),
    url: () => "/discipleship",
  },
  discipleship_accepted: {
    section: "Discipleship",
    label: "My mentor accepted our connection",
    email: "instant",
    text: (n, w) => t("{name} accepted your mentoring connection", { name: someone(n, w) }),
    url: () => "/discipleship",
  },
  discipleship_completed: {
    section: "Discipleship",
    label: "A mentoring connection was completed",
    email: "instant",
    text: (n, w) => t("{name} marked your mentoring connection completed", { name: someone(n, w) }),
    url: () => "/discipleship",
  },
  // A lesson of a course she is enrolled in opened on its day (the subject is the lesson, the title
  // the lesson's): told once per lesson, by the scheduled run in features/certificates.
  lesson_opened: {
    section: "Courses",
    label: "A new lesson opens in a course I'm taking",
    email: "digest",
    text: (n, w) =>
      t("A new lesson is open for you: {lesson}", { lesson: titled(n, w, () => t("your next lesson")) }),
    url: (n) => `/lessons/${n.subjectId}`,
  },
  video_published: {
    section: "New content",
    label: "A new teaching video is published",
    email: "digest",
    text: (n, w) => t("New teaching: {title}", { title: titled(n, w, () => t("a new video")) }),
    url: (n) => `/video/${n.subjectId}`,
  },
  articles_arrived: {
    section: "New content",
    label: "New articles arrive from the newsletter",
    email: "digest",
    text: (n, w) =>
      n.actorCount > 1
        ? t("{count, plural, one {# new article to read} other {# new articles to read}}", {
            count: n.actorCount,
          })
        : t("New article: {title}", { title: titled(n, w, () => t("read it now")) }),
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
    text: () => t("Something members reported waits for your review"),
    url: () => "/admin?tab=moderation",
  },
  // To the member an administrator warned; the title is the administrator's reason, as written.
  moderation_warning: {
    section: "Moderation",
    label: "A note from the moderators about what I share",
    email: "instant",
    keptFromLinks: true,
    text: (n, w) =>
      t("A note from the ministry's moderators: {reason}", {
        reason: titled(n, w, () => t("please be kind in what you share.")),
      }),
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
] as const satisfies readonly MessageId[];

/**
 * The sentence and the link of a stored notification, in the current language. `memberText` marks the
 * names and titles members wrote inside it (a mail sets them in their own direction).
 */
export function describeNotification(
  kind: NotificationKind,
  facts: NotificationFacts,
  memberText: Mark = (value) => value,
) {
  const spec: KindSpec = NOTIFICATION_KINDS[kind];
  return { text: spec.text(facts, memberText), url: spec.url(facts) };
}

/** Her e-mail choice for each kind: what she chose, else the kind's default. */
export function emailChoices(
  chosen: Partial<Record<string, EmailChoice>>,
): Record<NotificationKind, EmailChoice> {
  const choices = {} as Record<NotificationKind, EmailChoice>;
  for (const kind of NOTIFICATION_KIND_NAMES) choices[kind] = chosen[kind] ?? NOTIFICATION_KINDS[kind].email;
  return choices;
}
