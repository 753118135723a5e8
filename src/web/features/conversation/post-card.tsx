import {
  Check,
  Crown,
  Flag,
  HandHeart,
  MessageCircle,
  Pencil,
  Pin,
  PinOff,
  Sparkles,
  Trash2,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "wouter";
import {
  GROUP_POST_KIND_LABELS,
  GROUP_REACTION_LABELS,
  GROUP_REACTIONS,
  type GroupPostKind,
  type GroupReaction,
} from "~/core/conversation/limits";
import type { ConversationPerson, GroupPost } from "~/core/conversation/schemas";
import { formatCompactAge, formatLongDate, formatRelativeAge, personName } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { MemberText } from "~/web/components/member-text";
import { WordsCardSkeleton } from "~/web/components/skeleton-group";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { RetryButton } from "~/web/components/ui/retry-button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { MessageButton } from "~/web/features/messages";
import { EditedMark, ReportDialog } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import {
  type MentionCandidate,
  usePin,
  usePostReactions,
  usePrayForPost,
  useReaction,
  useUnreaction,
} from "./api";
import { EditPostDialog, MarkAnsweredDialog, RemovePostDialog } from "./post-dialogs";

export const authorName = (person: ConversationPerson) =>
  personName(person, { form: "full", nameless: t("A member") });

const KIND_TONE: Record<GroupPostKind, BadgeTone> = {
  discussion: "neutral",
  prayer: "sage",
  question: "blue",
  announcement: "gold",
};

/** The reactions' names for a screen reader: "♥" reads as a card suit. */
const REACTION_NAMES: Record<GroupReaction, MessageId> = { amen: "Amen", praying: "Praying", heart: "Love" };

/** Who wrote it and when: her picture, her name, a leader's crown, the time and "edited". */
export function Byline({
  author,
  isMine,
  createdAt,
  editedAt,
  titleId,
  level = 3,
  children,
}: {
  author: ConversationPerson;
  isMine: boolean;
  createdAt: string;
  editedAt: string | null;
  titleId?: string;
  /** The heading's level: 3 in a list under its section's heading, 2 for a post on its own page. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <header className="flex items-start gap-3">
      <Avatar user={author} />
      <div className="min-w-0 flex-1">
        <Heading id={titleId} className="font-sans text-base font-bold wrap-anywhere text-ink">
          <span dir="auto">{authorName(author)}</span>
          {isMine && <span className="font-semibold text-muted"> {t("(you)")}</span>}
          {author.isLeader && (
            <span className="ms-1.5 inline-flex items-center gap-1 align-middle text-xs font-semibold text-gold-700">
              <Crown className="size-3.5" aria-hidden="true" /> {t("Leader")}
            </span>
          )}
        </Heading>
        <p className="text-sm text-muted">
          <time dateTime={createdAt} title={formatLongDate(createdAt)}>
            {formatCompactAge(createdAt)}
          </time>
          <EditedMark editedAt={editedAt} />
        </p>
      </div>
      {children}
    </header>
  );
}

type Open = "edit" | "remove" | "report" | "answer" | null;

/**
 * One post of a group's conversation: in the list (`linked`, its replies a link to its page) or on
 * its own page. What she may do with it follows from whose it is and whether she leads the group.
 */
export function PostCard({
  post,
  isLeader,
  members,
  linked,
  onRemoved,
}: {
  post: GroupPost;
  isLeader: boolean;
  members: MentionCandidate[];
  linked: boolean;
  /** After it is deleted or removed (its own page goes back to the group). */
  onRemoved?: () => void;
}) {
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const isPrayer = post.kind === "prayer";

  return (
    <Card className={cn("p-4 sm:p-6", post.pinned && "border-gold-200 bg-gold-100/20")}>
      <article aria-labelledby={titleId}>
        {post.pinned && (
          <p className="mb-3 flex items-center gap-1.5 text-xs font-bold tracking-wide text-gold-700 uppercase">
            <Pin className="size-3.5" aria-hidden="true" /> {t("Pinned")}
          </p>
        )}
        <Byline
          author={post.author}
          isMine={post.isMine}
          createdAt={post.createdAt}
          editedAt={post.editedAt}
          level={linked ? 3 : 2}
          titleId={titleId}
        >
          <Badge tone={KIND_TONE[post.kind]} className="shrink-0">
            {t(GROUP_POST_KIND_LABELS[post.kind])}
          </Badge>
        </Byline>

        <div dir="auto" className="mt-3">
          <MemberText text={post.body} className="leading-relaxed text-ink" />
        </div>

        {post.answeredAt && (
          <div className="mt-4 rounded-2xl border border-gold-100 bg-gold-100/50 p-4">
            <p className="flex flex-wrap items-center gap-1.5 text-sm font-bold text-amber-800">
              <Sparkles className="size-4" aria-hidden="true" /> {t("Answered")}
              <span className="font-semibold text-muted">
                · <time dateTime={post.answeredAt}>{formatRelativeAge(post.answeredAt)}</time>
              </span>
            </p>
            {post.praiseNote && (
              <div dir="auto" className="mt-1.5">
                <MemberText text={post.praiseNote} className="leading-relaxed text-ink" />
              </div>
            )}
          </div>
        )}

        {isPrayer && <PrayerRow post={post} onAnswer={() => setOpen("answer")} />}

        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Reactions post={post} />
          {linked && (
            <Link
              href={`/group-posts/${post.id}`}
              className="ms-auto inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-sage-700 hover:bg-sage-50"
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              {post.replyCount === 0
                ? t("Reply")
                : t("{count, plural, one {# reply} other {# replies}}", { count: post.replyCount })}
              <span className="sr-only"> {t("to {name}'s post", { name: authorName(post.author) })}</span>
            </Link>
          )}
        </div>

        <ManageRow
          noun="post"
          isMine={post.isMine}
          isLeader={isLeader}
          onOpen={setOpen}
          pin={isLeader ? <PinButton post={post} /> : null}
          message={
            post.isMine ? null : (
              <MessageButton
                memberId={post.author.id}
                name={authorName(post.author)}
                variant="ghost"
                className="text-muted hover:text-ink"
              />
            )
          }
        />
      </article>
      {open === "edit" && <EditPostDialog post={post} members={members} onClose={close} />}
      {open === "remove" && (
        <RemovePostDialog
          post={post}
          onClose={close}
          onRemoved={() => {
            close();
            onRemoved?.();
          }}
        />
      )}
      {open === "answer" && <MarkAnsweredDialog post={post} onClose={close} />}
      {open === "report" && (
        <ReportDialog targetType="group_post" targetId={post.id} noun="post" onClose={close} />
      )}
    </Card>
  );
}

/** What each action on a post or a reply is called for a screen reader. */
const ACTION_NAMES: Record<"post" | "reply", Record<"edit" | "delete" | "remove" | "report", MessageId>> = {
  post: {
    edit: "Edit your post",
    delete: "Delete your post",
    remove: "Remove this post",
    report: "Report this post",
  },
  reply: {
    edit: "Edit your reply",
    delete: "Delete your reply",
    remove: "Remove this reply",
    report: "Report this reply",
  },
};

/** Edit and delete her own; a leader pins and removes; anyone writes to another's author and reports it. */
export function ManageRow({
  noun,
  isMine,
  isLeader,
  onOpen,
  pin,
  message,
}: {
  noun: "post" | "reply";
  isMine: boolean;
  isLeader: boolean;
  onOpen: (open: Open) => void;
  pin?: ReactNode;
  /** "Message" to its author, a fellow member of the group. */
  message?: ReactNode;
}) {
  const names = ACTION_NAMES[noun];
  // A post's actions sit under a rule, apart from its reactions; a reply's follow its words.
  return (
    <div
      className={cn(
        "flex flex-wrap justify-end gap-1",
        noun === "post" ? "mt-3 border-t border-linen pt-2" : "mt-1",
      )}
    >
      {pin}
      {isMine ? (
        <>
          <SmallAction icon={Pencil} label={t("Edit")} name={t(names.edit)} onClick={() => onOpen("edit")} />
          <SmallAction
            icon={Trash2}
            label={t("Delete")}
            name={t(names.delete)}
            onClick={() => onOpen("remove")}
          />
        </>
      ) : (
        <>
          {message}
          {isLeader && (
            <SmallAction
              icon={Trash2}
              label={t("Remove")}
              name={t(names.remove)}
              onClick={() => onOpen("remove")}
            />
          )}
          <SmallAction
            icon={Flag}
            label={t("Report")}
            name={t(names.report)}
            onClick={() => onOpen("report")}
          />
        </>
      )}
    </div>
  );
}

function SmallAction({
  icon: Icon,
  label,
  name,
  onClick,
  disabled,
}: {
  icon: typeof Pencil;
  label: string;
  name: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-muted hover:text-ink"
      aria-label={name}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon aria-hidden="true" /> {label}
    </Button>
  );
}

function PinButton({ post }: { post: GroupPost }) {
  const pin = usePin(post);
  return (
    <SmallAction
      icon={post.pinned ? PinOff : Pin}
      label={post.pinned ? t("Unpin") : t("Pin")}
      name={post.pinned ? t("Unpin this post") : t("Pin this post")}
      onClick={() => pin.mutate(undefined)}
      disabled={pin.isPending}
    />
  );
}

/**
 * Amen, Praying and ♥, each once per member: pressed again, taken back. Beside each, its count: a
 * button that shows who gave it.
 */
function Reactions({ post }: { post: GroupPost }) {
  const react = useReaction(post);
  const unreact = useUnreaction(post);
  const [shown, setShown] = useState<GroupReaction | null>(null);
  const busy = react.isPending || unreact.isPending;
  return (
    <>
      <fieldset className="flex flex-wrap gap-x-2 gap-y-1.5">
        <legend className="sr-only">{t("Reactions")}</legend>
        {GROUP_REACTIONS.map((reaction) => {
          const mine = post.myReactions.includes(reaction);
          const count = post.reactions[reaction];
          return (
            <span key={reaction} className="inline-flex items-center">
              <button
                type="button"
                aria-pressed={mine}
                aria-label={
                  count > 0
                    ? t("{reaction}, {count}", { reaction: t(REACTION_NAMES[reaction]), count })
                    : t(REACTION_NAMES[reaction])
                }
                disabled={busy}
                onClick={() =>
                  mine ? unreact.mutate({ reaction, on: false }) : react.mutate({ reaction, on: true })
                }
                className={cn(
                  "inline-flex h-9 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors disabled:opacity-70",
                  mine
                    ? "border-sage-500 bg-sage-100 text-sage-900"
                    : "border-linen bg-white text-muted hover:bg-parchment hover:text-ink",
                )}
              >
                <span aria-hidden="true" className={cn(reaction === "heart" && "text-clay-600")}>
                  {reaction === "heart" ? GROUP_REACTION_LABELS.heart : t(GROUP_REACTION_LABELS[reaction])}
                </span>
              </button>
              {count > 0 && (
                <button
                  type="button"
                  // Her accessible name holds the count she sees.
                  aria-label={t("{reaction}, {count}", { reaction: t(WHO_REACTED[reaction].see), count })}
                  aria-haspopup="dialog"
                  onClick={() => setShown(reaction)}
                  className="inline-flex h-9 min-w-11 items-center justify-center rounded-full px-2 text-sm font-semibold text-sage-800 tabular-nums underline decoration-sage-300 decoration-dotted underline-offset-4 transition-colors hover:bg-parchment hover:decoration-sage-600"
                >
                  {count}
                </button>
              )}
            </span>
          );
        })}
      </fieldset>
      {shown && (
        <ReactorsDialog
          postId={post.id}
          reaction={shown}
          count={post.reactions[shown]}
          onClose={() => setShown(null)}
        />
      )}
    </>
  );
}

/** What the list of each reaction's members is called: on its button, and as its title. */
const WHO_REACTED: Record<GroupReaction, { see: MessageId; title: MessageId }> = {
  amen: { see: "See who said Amen", title: "Who said Amen" },
  praying: { see: "See who is praying", title: "Who is praying" },
  heart: { see: "See who sent love", title: "Who sent love" },
};

/**
 * The members who gave a reaction, newest first, as their privacy settings let her see them; past
 * the first names, how many more. Members she blocked or who blocked her are not named.
 */
function ReactorsDialog({
  postId,
  reaction,
  count,
  onClose,
}: {
  postId: number;
  reaction: GroupReaction;
  count: number;
  onClose: () => void;
}) {
  const reactions = usePostReactions(postId);
  const me = useAuth().user?.id;
  const given = reactions.data?.[reaction];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t(WHO_REACTED[reaction].title)}
        description={t("{count, plural, one {# member} other {# members}}", { count })}
        className="max-w-sm"
      >
        {given ? (
          given.people.length === 0 ? (
            <p className="text-muted">{t("There is no one to show here.")}</p>
          ) : (
            <>
              <ul className="space-y-1" aria-label={t(WHO_REACTED[reaction].title)}>
                {given.people.map((person) => (
                  <li key={person.id} className="flex min-w-0 items-center gap-3 py-1.5">
                    <Avatar user={person} className="size-8 text-sm" />
                    <span className="min-w-0 font-semibold wrap-anywhere text-ink">
                      <span dir="auto">{personName(person, { form: "full", nameless: t("A member") })}</span>
                      {person.id === me && <span className="font-normal text-muted"> {t("(you)")}</span>}
                    </span>
                  </li>
                ))}
              </ul>
              {given.more > 0 && (
                <p className="mt-3 text-sm text-muted">{t("and {count} more", { count: given.more })}</p>
              )}
            </>
          )
        ) : reactions.isError ? (
          <p className="text-muted">
            {t("We couldn't load the names just now.")}{" "}
            <RetryButton onRetry={() => void reactions.refetch()} className="text-sage-700" />
          </p>
        ) : (
          <ul className="space-y-1" aria-label={t("Loading names")} aria-busy="true">
            {Array.from({ length: Math.min(count, 4) || 1 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 py-1.5">
                <Skeleton className="size-8 rounded-full" />
                <Skeleton className="h-4 w-36" />
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A prayer request: "I prayed" (once), how many prayed, and for its author "Mark answered". */
function PrayerRow({ post, onAnswer }: { post: GroupPost; onAnswer: () => void }) {
  const pray = usePrayForPost(post);
  const count = post.prayedCount;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {!post.answeredAt &&
        (post.prayedByMe ? (
          <Button
            size="sm"
            aria-disabled="true"
            className="cursor-default hover:bg-sage-600 active:bg-sage-600"
            onClick={(e) => e.preventDefault()}
          >
            <Check aria-hidden="true" /> {t("You prayed")}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="border-sage-500 text-sage-800 hover:bg-sage-50"
            disabled={pray.isPending}
            onClick={() => pray.mutate(undefined)}
          >
            <HandHeart aria-hidden="true" /> {t("I prayed")}
          </Button>
        ))}
      {post.isMine && !post.answeredAt && (
        <Button variant="ghost" size="sm" onClick={onAnswer}>
          <Sparkles aria-hidden="true" /> {t("Mark answered")}
        </Button>
      )}
      <p className="ms-auto text-sm font-semibold text-sage-700" aria-live="polite">
        {count > 0
          ? t("{count, plural, other {# prayed}}", { count })
          : post.answeredAt
            ? ""
            : t("Be the first to pray")}
      </p>
    </div>
  );
}

/** A post while it loads. */
export const PostSkeleton = WordsCardSkeleton;
