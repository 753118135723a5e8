import { PATRON_PLAN_NAME } from "../../core/constants";
import { formatDollars } from "../../core/format";
import { t } from "../../core/i18n";
import { ACTIVITY_PARAMS, type ActivityKind, type ActivityParams, LEGACY_ACTIVITY } from "./kinds";

/** A piece of a line: our words, or what a member or an administrator wrote (a name, a title). */
export interface ActivityPart {
  text: string;
  memberText: boolean;
}

// What someone wrote is marked inside the translated sentence, then cut out as a piece of its own,
// so that the page can set it in its own direction (an English name in a Hebrew line).
const OPEN = "\uE001";
const CLOSE = "\uE002";
const mark = (text: string) => `${OPEN}${text.replace(/[\uE001\uE002]/g, "")}${CLOSE}`;
const MARKED = /\uE001([^\uE001\uE002]*)\uE002/;

const who = (name: string | null) => (name?.trim() ? mark(name.trim()) : t("A member"));

const money = (cents: number, currency: string) =>
  currency.toLowerCase() === "usd"
    ? formatDollars(cents / 100)
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const SENTENCES: { [K in ActivityKind]: (p: ActivityParams<K>) => string } = {
  member_joined: (p) =>
    p.ministry === undefined
      ? t("{name} joined the community", { name: who(p.name) })
      : t("{name} set up {ministry}", { name: who(p.name), ministry: mark(p.ministry) }),
  video_added: (p) => t("New video added: {title}", { title: mark(p.title) }),
  course_added: (p) => t("New course added: {title}", { title: mark(p.title) }),
  group_created: (p) =>
    p.type === "cultivation"
      ? t('{name} started the cultivation group "{group}"', { name: who(p.name), group: mark(p.group) })
      : t('{name} started the local group "{group}" in {location}', {
          name: who(p.name),
          group: mark(p.group),
          location: mark(p.location),
        }),
  prayer_shared: (p) =>
    p.isPrivate
      ? t("{name} shared a private prayer request", { name: who(p.name) })
      : t("{name} shared a prayer request", { name: who(p.name) }),
  patron_started: (p) => t("{name} became a {plan}", { name: who(p.name), plan: t(PATRON_PLAN_NAME) }),
  donation_received: (p) =>
    t("{name} gave a donation of {amount}", { name: who(p.name), amount: money(p.cents, p.currency) }),
  course_purchased: (p) => t("{name} enrolled in {title}", { name: who(p.name), title: mark(p.title) }),
  articles_synced: (p) =>
    t(
      "{added, plural, one {# new article} other {# new articles}} and {updated, plural, one {# update} other {# updates}} synced from {source}",
      { added: p.added, updated: p.updated, source: mark(p.source) },
    ),
};

const isKind = (kind: string): kind is ActivityKind => Object.hasOwn(ACTIVITY_PARAMS, kind);

function sentenceOf(kind: string, params: unknown): string | undefined {
  if (!isKind(kind)) return undefined;
  const parsed = ACTIVITY_PARAMS[kind].safeParse(params);
  if (!parsed.success) return undefined;
  return (SENTENCES[kind] as (p: unknown) => string)(parsed.data);
}

/**
 * A line of the activity log in the current language, in pieces. A row from before the values were
 * kept, whose sentence no known shape matched, shows that sentence as it was written.
 */
export function activityLine(kind: string, params: unknown): ActivityPart[] {
  const sentence = sentenceOf(kind, params);
  if (sentence === undefined) {
    const legacy = LEGACY_ACTIVITY.safeParse(params);
    return [{ text: legacy.success ? legacy.data.text : kind, memberText: legacy.success }];
  }
  return sentence.split(MARKED).flatMap((text, i) => (text ? [{ text, memberText: i % 2 === 1 }] : []));
}
