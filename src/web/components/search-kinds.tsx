import {
  BookOpen,
  CalendarDays,
  GraduationCap,
  HandHeart,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  Newspaper,
  NotebookPen,
  PlayCircle,
  Users,
} from "lucide-react";
import type { MessageId } from "~/core/i18n";
import type { SearchKind } from "~/core/search/schemas";
import { cn } from "~/web/lib/cn";

/**
 * What each kind of search result is called and drawn with: one of it (a suggestion's label), the
 * filter's chip, the heading of its group of results, and the link to more of it. Whole sentences per
 * kind, as a language with genders needs them; in the order the results page groups them.
 */
export const SEARCH_KIND_WORDS = {
  teaching: {
    icon: PlayCircle,
    one: "Teaching",
    chip: "Teachings",
    group: "Teachings",
    more: "More teachings",
  },
  article: { icon: Newspaper, one: "Article", chip: "Articles", group: "Articles", more: "More articles" },
  course: { icon: GraduationCap, one: "Course", chip: "Courses", group: "Courses", more: "More courses" },
  lesson: { icon: BookOpen, one: "Lesson", chip: "Lessons", group: "Lessons", more: "More lessons" },
  prayer: {
    icon: HandHeart,
    one: "Prayer request",
    chip: "Prayer requests",
    group: "Prayer requests",
    more: "More prayer requests",
  },
  group: { icon: Users, one: "Group", chip: "Groups", group: "Groups", more: "More groups" },
  event: { icon: CalendarDays, one: "Event", chip: "Events", group: "Events", more: "More events" },
  post: {
    icon: MessagesSquare,
    one: "Post",
    chip: "Posts",
    group: "Posts in your groups",
    more: "More posts",
  },
  note: { icon: NotebookPen, one: "Note", chip: "Notes", group: "Your notes", more: "More notes" },
  message: {
    icon: MessageCircle,
    one: "Message",
    chip: "Messages",
    group: "Your messages",
    more: "More messages",
  },
} as const satisfies Record<
  SearchKind,
  { icon: LucideIcon; one: MessageId; chip: MessageId; group: MessageId; more: MessageId }
>;

/** The kinds in the order their groups and chips appear. */
export const SEARCH_KIND_ORDER = Object.keys(SEARCH_KIND_WORDS) as SearchKind[];

/** A kind's icon in its tile; the words beside it name the kind. */
export function SearchKindIcon({ kind, className }: { kind: SearchKind; className?: string }) {
  const Icon = SEARCH_KIND_WORDS[kind].icon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-xl bg-sage-50 text-sage-700",
        className,
      )}
    >
      <Icon className="size-[1.125rem]" />
    </span>
  );
}
