import { Clock, ExternalLink, MessageCircle, Newspaper } from "lucide-react";
import type { Article } from "~/core/articles/schemas";
import { CARD_TAG_LIMIT, DEFAULT_READING_TIME } from "~/core/constants";
import { formatLongDate } from "~/core/format";
import { TagList } from "~/web/components/tag-list";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { countArticleView } from "./api";

export const readingTimeText = (minutes: number | null | undefined) =>
  t("{count, plural, one {# min read} other {# min read}}", { count: minutes || DEFAULT_READING_TIME });

export function ArticleCard({
  article,
  onDiscuss,
}: {
  article: Article;
  onDiscuss: (article: Article) => void;
}) {
  const titleId = `article-${article.id}-title`;
  return (
    <Card
      id={`article-${article.id}`}
      className="flex h-full flex-col p-5 sm:p-6"
      aria-labelledby={titleId}
      role="article"
    >
      <div className="flex items-center justify-between gap-3">
        <Badge tone="sage">
          <Newspaper className="size-3.5" aria-hidden="true" />
          {t("Article")}
        </Badge>
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Clock className="size-4" aria-hidden="true" />
          {readingTimeText(article.readingTime)}
        </span>
      </div>
      <h3 id={titleId} dir="auto" className="mt-4 text-xl leading-snug font-semibold text-balance">
        {article.title}
      </h3>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
      </p>
      {article.excerpt && (
        <p dir="auto" className="mt-3 line-clamp-4 text-[0.95rem] leading-relaxed text-ink/85">
          {article.excerpt}
        </p>
      )}
      <TagList tags={article.tags} label={t("Topics")} limit={CARD_TAG_LIMIT} />
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {article.url && (
          <a
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void countArticleView(article.id)}
            className={buttonClass("primary", "sm", "flex-1")}
          >
            {t("Read on {newsletter}", { newsletter: publicConfig.newsletterName })}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only"> {t("(opens in a new tab)")}</span>
          </a>
        )}
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          onClick={() => onDiscuss(article)}
          aria-label={t("Discuss “{title}”", { title: article.title })}
        >
          <MessageCircle aria-hidden="true" />
          {t("Discuss")}
        </Button>
      </div>
    </Card>
  );
}

export function ArticleCardSkeleton() {
  return (
    <Card className="flex flex-col p-5 sm:p-6">
      <SkeletonLines className="flex justify-between" lines={["h-5 w-20 rounded-full", "h-4 w-20"]} />
      <Skeleton className="mt-5 h-6 w-11/12" />
      <Skeleton className="mt-2 h-6 w-2/3" />
      <Skeleton className="mt-3 h-4 w-32" />
      <SkeletonLines className="mt-4 space-y-2" lines={["h-4 w-full", "h-4 w-full", "h-4 w-3/4"]} />
      <SkeletonLines
        className="mt-5 flex gap-2"
        lines={["h-9 flex-1 rounded-full", "h-9 flex-1 rounded-full"]}
      />
    </Card>
  );
}
