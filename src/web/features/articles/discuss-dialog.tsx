import { MessageCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { articlesEndpoints } from "~/core/articles/endpoints";
import type { Article, ArticleDiscussion } from "~/core/articles/schemas";
import { COMMENT_ROWS, LIMITS } from "~/core/constants";
import { formatLongDate, personName } from "~/core/format";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { Avatar } from "~/web/components/ui/avatar";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Textarea } from "~/web/components/ui/input";
import { RetryButton } from "~/web/components/ui/retry-button";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { ContentActions, EditedMark } from "~/web/features/moderation";
import { keyOf } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { useAddDiscussion, useArticleDiscussions } from "./api";

/** The Discuss dialog (SPEC §2.14): a share box and the stored community discussion. */
export function DiscussDialog({ article, onClose }: { article: Article | null; onClose: () => void }) {
  return (
    <Dialog open={article !== null} onOpenChange={(open) => !open && onClose()}>
      {article && (
        <DialogContent
          title={article.title}
          description={t("Share what stirred your heart and read what other sisters are saying.")}
          className="max-w-xl"
        >
          <DiscussionBody article={article} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DiscussionBody({ article }: { article: Article }) {
  const [content, setContent] = useState("");
  const add = useAddDiscussion();
  const discussions = useArticleDiscussions(article.id);
  const fieldId = useId();
  const blank = content.trim() === "";

  // The toasts come from the mutation itself, so they show even if the dialog was closed meanwhile.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || add.isPending) return;
    add.mutate({ articleId: article.id, content: content.trim() }, { onSuccess: () => setContent("") });
  };

  const items = discussions.data ?? [];
  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor={fieldId} className="block text-sm font-semibold">
          {t("Your thoughts")}
        </label>
        <Textarea
          id={fieldId}
          dir="auto"
          rows={COMMENT_ROWS}
          maxLength={LIMITS.text}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t("What spoke to you in this article?")}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={blank || add.isPending}>
            {add.isPending ? t("Sharing...") : t("Share Thought")}
          </Button>
        </div>
      </form>

      <section aria-labelledby={`${fieldId}-heading`} className="border-t border-linen pt-5">
        <h3 id={`${fieldId}-heading`} className="flex items-center gap-2 font-sans text-base font-bold">
          <MessageCircle className="size-4 text-sage-600" aria-hidden="true" />
          {t("Community Discussion")}
        </h3>
        <div className="mt-4" aria-live="polite" aria-busy={discussions.isLoading}>
          {discussions.isLoading ? (
            <ul className="space-y-4" aria-label={t("Loading discussion")}>
              {[0, 1].map((i) => (
                <li key={i} className="flex gap-3">
                  <Skeleton className="size-9 shrink-0 rounded-full" />
                  <SkeletonLines className="flex-1 space-y-2" lines={["h-4 w-32", "h-4 w-full"]} />
                </li>
              ))}
            </ul>
          ) : discussions.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t("We couldn't load the discussion just now.")}{" "}
              <RetryButton onRetry={() => void discussions.refetch()} />
            </p>
          ) : items.length === 0 ? (
            <p className="rounded-2xl bg-parchment/70 px-4 py-5 text-center text-muted">
              {t("Be the first to share your thoughts on this article!")}
            </p>
          ) : (
            <>
              <ul className="space-y-4">
                {items.map((d) => (
                  <DiscussionItem key={d.id} discussion={d} />
                ))}
              </ul>
              <LoadMore list={discussions} label={t("Show earlier thoughts")} className="mt-4" />
            </>
          )}
        </div>
      </section>
    </div>
  );
}

function DiscussionItem({ discussion }: { discussion: ArticleDiscussion }) {
  const name = personName(discussion.user);
  return (
    <li className="flex gap-3">
      <Avatar user={discussion.user} />
      <div className="min-w-0 flex-1 rounded-2xl bg-white px-4 py-3 shadow-[var(--shadow-soft)]">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span dir="auto" className="font-semibold wrap-anywhere text-ink">
            {name}
          </span>
          <time dateTime={discussion.createdAt} className="text-muted">
            {formatLongDate(discussion.createdAt)}
          </time>
          <EditedMark editedAt={discussion.editedAt} />
        </p>
        <MemberText text={discussion.content} className="mt-1 leading-relaxed" />
        <ContentActions
          type="article_discussion"
          id={discussion.id}
          content={discussion.content}
          isMine={discussion.isMine}
          authorId={discussion.userId}
          authorName={name}
          refresh={[keyOf(articlesEndpoints.discussions, { query: { articleId: discussion.articleId } })]}
        />
      </div>
    </li>
  );
}
