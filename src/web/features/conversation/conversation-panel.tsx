import { HandHeart, HelpCircle, Megaphone, MessagesSquare } from "lucide-react";
import { useId, useMemo, useState } from "react";
import {
  CONVERSATION_FILTER_LABELS,
  CONVERSATION_FILTERS,
  type ConversationFilter,
  GROUP_POST_KIND_LABELS,
  GROUP_POST_KINDS,
  GROUP_POST_MAX,
  type GroupPostKind,
} from "~/core/conversation/limits";
import type { GroupPost } from "~/core/conversation/schemas";
import type { MessageId } from "~/core/i18n";
import { LoadMore } from "~/web/components/card-grid";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { SkeletonList } from "~/web/components/skeleton-group";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { useWatchGroup } from "~/web/lib/live";
import { type GroupKind, type MentionCandidate, useConversation, useCreatePost } from "./api";
import { PostCard, PostSkeleton } from "./post-card";
import { WordsForm } from "./words-form";

const PLACEHOLDERS: Record<GroupPostKind, MessageId> = {
  discussion: "Share a thought, a verse, or something from this week...",
  prayer: "Please pray for...",
  question: "Ask your group...",
  announcement: "Let the group know...",
};

/**
 * A group's conversation, for its members: a box to post in, the filters, and the posts (pinned
 * first, then newest), each with what she may do with it. `members` names whom she may mention
 * (a cultivation group's page lists them; otherwise those who have written here are offered).
 */
export function ConversationPanel({
  groupKind,
  groupId,
  isLeader,
  members,
}: {
  groupKind: GroupKind;
  groupId: number;
  isLeader: boolean;
  members?: MentionCandidate[];
}) {
  const [filter, setFilter] = useState<ConversationFilter>("all");
  const list = useConversation(groupKind, groupId, filter);
  useWatchGroup(groupKind, groupId);
  const posts = list.data ?? [];
  const viewerId = useAuth().user?.id;
  const headingId = useId();
  const mentionable = useMemo(
    () => (members ?? authorsOf(posts)).filter((m) => m.id !== viewerId),
    [members, posts, viewerId],
  );

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className="sr-only">
        {t("Conversation")}
      </h2>
      <Composer groupKind={groupKind} groupId={groupId} isLeader={isLeader} members={mentionable} />
      <FilterRow filter={filter} onChange={setFilter} />
      <div aria-busy={list.isPending} className={cn(list.isPlaceholderData && "opacity-70")}>
        {list.isPending ? (
          <ConversationSkeleton />
        ) : list.isError ? (
          <ErrorState
            message={t("We couldn't load the conversation just now. Please try again.")}
            onRetry={() => void list.refetch()}
          />
        ) : posts.length === 0 ? (
          <EmptyConversation filter={filter} />
        ) : (
          <>
            <ul className="space-y-4" aria-label={t("Posts")}>
              {posts.map((post) => (
                <HydratedInTurn as="li" key={post.id} className="list-item-lazy">
                  <PostCard post={post} isLeader={isLeader} members={mentionable} linked />
                </HydratedInTurn>
              ))}
            </ul>
            <LoadMore list={list} className="mt-6" />
            {list.isFetchNextPageError && (
              <p role="alert" className="mt-3 text-center text-sm text-danger">
                {t("We couldn't load more posts. Please try again.")}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Those who have written in the conversation: whom she may mention where no member list is given. */
function authorsOf(posts: GroupPost[]): MentionCandidate[] {
  const seen = new Map<number, MentionCandidate>();
  for (const p of posts) if (!seen.has(p.author.id)) seen.set(p.author.id, p.author);
  return [...seen.values()];
}

function Composer({
  groupKind,
  groupId,
  isLeader,
  members,
}: Required<Parameters<typeof ConversationPanel>[0]>) {
  const id = useId();
  const [kind, setKind] = useState<GroupPostKind>("discussion");
  const create = useCreatePost(groupKind, groupId);
  const kinds = GROUP_POST_KINDS.filter((k) => k !== "announcement" || isLeader);
  return (
    <WordsForm
      id={id}
      label={t("Share with your group")}
      labelClassName="block font-display text-xl font-semibold"
      placeholder={t(PLACEHOLDERS[kind])}
      members={members}
      blankMessage={t("Please write something to share.")}
      hint={(text) =>
        GROUP_POST_MAX - text.length < 500
          ? t("{count, plural, one {# character left} other {# characters left}}", {
              count: GROUP_POST_MAX - text.length,
            })
          : t("Only the group's members see what is shared here. Type @ to mention someone.")
      }
      submit={{ label: t("Post"), busyLabel: t("Posting...") }}
      sending={create}
      send={(body, sent) =>
        create.mutate(
          { kind, body },
          {
            onSuccess: () => {
              sent();
              setKind("discussion");
            },
          },
        )
      }
    >
      <fieldset>
        <legend className="sr-only">{t("Kind of post")}</legend>
        <div className="flex flex-wrap gap-1.5">
          {kinds.map((k) => (
            <label
              key={k}
              className={cn(
                "relative inline-flex h-9 cursor-pointer items-center rounded-full border px-3.5 text-sm font-semibold transition-colors touch-hit",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400",
                kind === k
                  ? "border-sage-600 bg-sage-600 text-white"
                  : "border-linen bg-white text-muted hover:bg-parchment hover:text-ink",
              )}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  create.reset();
                }}
                className="sr-only"
              />
              {t(GROUP_POST_KIND_LABELS[k])}
            </label>
          ))}
        </div>
      </fieldset>
    </WordsForm>
  );
}

function FilterRow({
  filter,
  onChange,
}: {
  filter: ConversationFilter;
  onChange: (f: ConversationFilter) => void;
}) {
  return (
    <fieldset className="flex max-w-full flex-wrap gap-1 rounded-3xl bg-parchment p-1">
      <legend className="sr-only">{t("Show")}</legend>
      {CONVERSATION_FILTERS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={filter === value}
          onClick={() => onChange(value)}
          className={cn(
            "rounded-full px-3.5 py-1.5 text-sm font-semibold transition-colors",
            filter === value ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
          )}
        >
          {t(CONVERSATION_FILTER_LABELS[value])}
        </button>
      ))}
    </fieldset>
  );
}

function EmptyConversation({ filter }: { filter: ConversationFilter }) {
  switch (filter) {
    case "prayer":
      return (
        <EmptyState icon={HandHeart} title={t("No prayer requests yet")}>
          {t("Share what is on your heart, and your group will pray with you.")}
        </EmptyState>
      );
    case "unanswered":
      return (
        <EmptyState icon={HelpCircle} title={t("Every question has a reply")}>
          {t("When someone asks the group a question, it waits here until someone answers.")}
        </EmptyState>
      );
    case "leaders":
      return (
        <EmptyState icon={Megaphone} title={t("Nothing from the leaders yet")}>
          {t("Announcements and posts from the group's leaders will appear here.")}
        </EmptyState>
      );
    default:
      return (
        <EmptyState icon={MessagesSquare} title={t("The conversation starts with you")}>
          {t("Say hello, share a verse that spoke to you this week, or ask the group to pray with you.")}
        </EmptyState>
      );
  }
}

function ConversationSkeleton() {
  return (
    <SkeletonList label={t("Loading the conversation")} className="space-y-4">
      <PostSkeleton />
    </SkeletonList>
  );
}
