import { MessageCircle, MessagesSquare } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { GROUP_POST_KIND_LABELS } from "~/core/conversation/limits";
import type { GroupPost, GroupPostDetail, GroupReply } from "~/core/conversation/schemas";
import { BackLink, ItemPage } from "~/web/components/item-page";
import { MemberText } from "~/web/components/member-text";
import { SkeletonList } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ReportDialog } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { Trans, t } from "~/web/lib/i18n";
import { groupPageHref, type MentionCandidate, useGroupMembers, useGroupPost, useReply } from "./api";
import { authorName, Byline, ManageRow, PostCard, PostSkeleton } from "./post-card";
import { EditReplyDialog, RemoveReplyDialog } from "./post-dialogs";
import { WordsForm } from "./words-form";

const GROUPS_HREF = "/cultivation-groups";

/** One post of a group's conversation with its replies: where the conversation's notices lead. */
export default function GroupPostPage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const query = useGroupPost(id);
  const first = query.data?.pages[0];
  return (
    <ItemPage
      query={{ data: first, error: query.error, isError: query.isError, refetch: query.refetch }}
      valid={Number.isInteger(id) && id > 0}
      back={{ href: GROUPS_HREF, label: t("Groups") }}
      notFound={{
        icon: MessagesSquare,
        title: t("Post not found"),
        text: t("It may have been deleted, or you are no longer a member of its group."),
        action: { href: "/cultivation-groups?tab=my-groups", label: t("My Groups") },
      }}
      failed={t("We couldn't load this post just now.")}
      loading={<PostPageSkeleton />}
    >
      {(post) => (
        <PostView
          post={post}
          replies={query.data?.pages.flatMap((p) => p.replies) ?? []}
          more={{
            hasNextPage: query.hasNextPage,
            isFetchingNextPage: query.isFetchingNextPage,
            fetchNextPage: () => void query.fetchNextPage(),
            failed: query.isFetchNextPageError,
          }}
        />
      )}
    </ItemPage>
  );
}

function PostView({
  post,
  replies,
  more,
}: {
  post: GroupPostDetail;
  replies: GroupReply[];
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => void; failed: boolean };
}) {
  const [, navigate] = useLocation();
  const groupMembers = useGroupMembers(post.groupKind, post.groupId);
  const viewerId = useAuth().user?.id;
  const groupHref = groupPageHref(post.groupKind, post.groupId);
  const members = useMemo(() => {
    const known: MentionCandidate[] = groupMembers ?? [post.author, ...replies.map((r) => r.author)];
    const unique = new Map(known.map((m) => [m.id, m]));
    unique.delete(viewerId ?? -1);
    return [...unique.values()];
  }, [groupMembers, post.author, replies, viewerId]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink
        href={groupHref}
        label={<Trans id="Back to {name}" values={{ name: <span dir="auto">{post.groupName}</span> }} />}
      />
      <h1 className="text-2xl font-semibold wrap-anywhere sm:text-3xl">
        <Trans
          id="{kind} from {name}"
          values={{
            kind: t(GROUP_POST_KIND_LABELS[post.kind]),
            name: <span dir="auto">{authorName(post.author)}</span>,
          }}
        />
      </h1>
      <PostCard
        post={post}
        isLeader={post.leadsGroup}
        members={members}
        linked={false}
        onRemoved={() => navigate(groupHref)}
      />
      <section aria-labelledby="replies-heading" className="space-y-4">
        <h2 id="replies-heading" className="flex items-center gap-2 text-xl font-semibold">
          <MessageCircle className="size-5 text-sage-600" aria-hidden="true" />
          {post.replyCount === 0
            ? t("Replies")
            : t("{count, plural, one {# reply} other {# replies}}", { count: post.replyCount })}
        </h2>
        <ReplyBox post={post} members={members} />
        {replies.length === 0 ? (
          <p className="rounded-2xl bg-parchment/70 px-4 py-6 text-center text-muted">
            {t("No replies yet. Be the first to answer.")}
          </p>
        ) : (
          <ul className="space-y-3" aria-label={t("Replies")}>
            {replies.map((reply) => (
              <ReplyItem
                key={reply.id}
                reply={reply}
                post={post}
                isLeader={post.leadsGroup}
                members={members}
              />
            ))}
          </ul>
        )}
        {more.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={more.fetchNextPage} disabled={more.isFetchingNextPage}>
              {more.isFetchingNextPage ? t("Loading...") : t("Load more replies")}
            </Button>
          </div>
        )}
        {more.failed && (
          <p role="alert" className="text-center text-sm text-danger">
            {t("We couldn't load more replies. Please try again.")}
          </p>
        )}
      </section>
    </div>
  );
}

function ReplyBox({ post, members }: { post: GroupPost; members: MentionCandidate[] }) {
  const reply = useReply(post);
  return (
    <WordsForm
      id={useId()}
      label={t("Your reply")}
      placeholder={t("Write a reply...")}
      members={members}
      blankMessage={t("Please write a reply.")}
      submit={{ label: t("Send Reply"), busyLabel: t("Sending...") }}
      sending={reply}
      send={(body, sent) => reply.mutate(body, { onSuccess: sent })}
    />
  );
}

function ReplyItem({
  reply,
  post,
  isLeader,
  members,
}: {
  reply: GroupReply;
  post: GroupPost;
  isLeader: boolean;
  members: MentionCandidate[];
}) {
  const titleId = useId();
  const [open, setOpen] = useState<"edit" | "remove" | "report" | "answer" | null>(null);
  const close = () => setOpen(null);
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-2xl border border-linen bg-white/80 p-4">
        <Byline
          author={reply.author}
          isMine={reply.isMine}
          createdAt={reply.createdAt}
          editedAt={reply.editedAt}
          titleId={titleId}
        />
        <div dir="auto" className="mt-2">
          <MemberText text={reply.body} className="leading-relaxed text-ink" />
        </div>
        <ManageRow noun="reply" isMine={reply.isMine} isLeader={isLeader} onOpen={setOpen} />
      </article>
      {open === "edit" && <EditReplyDialog reply={reply} members={members} onClose={close} />}
      {open === "remove" && <RemoveReplyDialog reply={reply} post={post} onClose={close} />}
      {open === "report" && (
        <ReportDialog targetType="group_reply" targetId={reply.id} noun="reply" onClose={close} />
      )}
    </li>
  );
}

function PostPageSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-6" aria-busy="true">
      <span className="sr-only">{t("Loading the post")}</span>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-8 w-2/3" />
      <PostSkeleton />
      <SkeletonList label={t("Loading replies")} count={2} className="space-y-3">
        <Skeleton className="h-24 w-full rounded-2xl" />
      </SkeletonList>
    </div>
  );
}
