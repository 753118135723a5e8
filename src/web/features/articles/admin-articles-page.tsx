import {
  ArrowLeft,
  CalendarDays,
  Clock,
  ExternalLink,
  Eye,
  MessageCircle,
  Newspaper,
  RefreshCw,
  Rss,
  ShieldAlert,
} from "lucide-react";
import { Link } from "wouter";
import type { AdminArticle } from "~/core/articles/schemas";
import { formatCount, formatLongDate } from "~/core/format";
import { LoadMore } from "~/web/components/card-grid";
import { PageHeader } from "~/web/components/page-header";
import { TagList } from "~/web/components/tag-list";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { Trans, t, translateKnown } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { useAdminArticleCount, useAdminArticles, useSyncArticles } from "./api";
import { readingTimeText } from "./article-card";

/** SPEC §2.21. Administrators only; the server answers 403 to anyone else as well. */
export default function AdminArticlesPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return <AccessDenied />;
  return <ArticleManagement />;
}

function AccessDenied() {
  return (
    <div className="mx-auto max-w-md py-10 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-clay-100 text-clay-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold">{t("Access Denied")}</h1>
      <p className="mt-2 text-muted">{t("You don't have permission to access the article management.")}</p>
      <Link href="/" className={buttonClass("secondary", "md", "mt-7")}>
        {t("Back to Home")}
      </Link>
    </div>
  );
}

function ArticleManagement() {
  const newsletter = publicConfig.newsletterName;
  const articles = useAdminArticles();
  const count = useAdminArticleCount();
  const sync = useSyncArticles();
  const items = articles.data ?? [];

  const runSync = () => sync.mutate();
  // Until the server says, the page promises nothing about how articles arrive.
  const feedConfigured = count.data?.feedConfigured;

  return (
    <>
      <Link
        href="/admin"
        className="mb-4 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-sage-700 hover:underline underline-offset-4"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("Admin Dashboard")}
      </Link>
      <PageHeader
        title={t("Article Management")}
        description={
          feedConfigured === false
            ? t(
                "Articles come from your {newsletter} newsletter, but no feed is set yet, so none can sync.",
                {
                  newsletter,
                },
              )
            : t(
                "Articles come from your {newsletter} newsletter. They sync on their own every hour; sync now to bring in a post you just published.",
                { newsletter },
              )
        }
        actions={
          <>
            <Link href="/articles" className={buttonClass("outline")}>
              {t("View Articles")}
            </Link>
            <Button onClick={runSync} disabled={sync.isPending || feedConfigured === false}>
              <RefreshCw className={cn(sync.isPending && "animate-spin")} aria-hidden="true" />
              {sync.isPending ? t("Syncing...") : t("Sync from {newsletter}", { newsletter })}
            </Button>
          </>
        }
      />

      {feedConfigured === false && <FeedNotSet newsletter={newsletter} />}

      <section aria-labelledby="current-articles">
        <h2 id="current-articles" className="text-2xl font-semibold">
          {count.data
            ? t("Current Articles ({count})", { count: formatCount(count.data.count) })
            : t("Current Articles")}
        </h2>
        <div className="mt-4" aria-live="polite" aria-busy={articles.isLoading}>
          {articles.isLoading ? (
            <SkeletonCards label={t("Loading articles")} count={4} />
          ) : articles.isError ? (
            <ErrorState
              message={
                (articles.error instanceof ApiError &&
                  articles.error.serverMessage &&
                  translateKnown(articles.error.serverMessage)) ||
                t("We couldn't load the articles just now.")
              }
              onRetry={() => void articles.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState icon={Newspaper} title={t("No articles yet")}>
              {feedConfigured === false
                ? t("Articles appear here once the feed is set.")
                : t("Click “Sync from {newsletter}” to load the articles from your newsletter.", {
                    newsletter,
                  })}
            </EmptyState>
          ) : (
            <>
              <ul className="space-y-3">
                {items.map((article) => (
                  <li key={article.id}>
                    <AdminArticleRow article={article} />
                  </li>
                ))}
              </ul>
              <LoadMore list={articles} label={t("Load more articles")} className="mt-6" />
            </>
          )}
        </div>
      </section>
    </>
  );
}

/** No feed's address (in Settings or NEWSLETTER_FEED_URL): nothing syncs, by the hour or by the button, until it is set. */
function FeedNotSet({ newsletter }: { newsletter: string }) {
  return (
    <Card role="status" className="mb-8 flex gap-4 border-gold-400/40 bg-gold-100/50 p-5">
      <Rss className="mt-0.5 size-6 shrink-0 text-gold-700" aria-hidden="true" />
      <div className="min-w-0">
        <h2 className="font-sans text-lg font-bold">{t("No newsletter feed is set")}</h2>
        <p className="mt-1 text-ink">
          <Trans
            id="Give the address of your {newsletter} feed in <0>Settings</0>. Articles then sync on their own every hour, and Sync brings in a new post at once."
            values={{ newsletter }}
            components={{
              0: (
                <Link
                  href="/admin?tab=settings"
                  className="font-semibold text-sage-700 underline underline-offset-2"
                />
              ),
            }}
          />
        </p>
      </div>
    </Card>
  );
}

function AdminArticleRow({ article }: { article: AdminArticle }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="font-sans text-lg leading-snug font-bold">
          {article.title}
        </h3>
        {article.url && (
          <a
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            className="-m-1.5 shrink-0 rounded-full p-1.5 text-sage-700 hover:bg-sage-50"
            aria-label={t("Open “{title}” on {newsletter} (opens in a new tab)", {
              title: article.title,
              newsletter: publicConfig.newsletterName,
            })}
          >
            <ExternalLink className="size-5" aria-hidden="true" />
          </a>
        )}
      </div>
      {article.excerpt && (
        <p dir="auto" className="mt-1.5 line-clamp-2 text-muted">
          {article.excerpt}
        </p>
      )}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted" aria-label={t("Details")}>
        <li className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          {readingTimeText(article.readingTime)}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          <Trans
            id="Published <0>{date}</0>"
            values={{ date: formatLongDate(article.publishedAt) }}
            components={{ 0: <time dateTime={article.publishedAt} /> }}
          />
        </li>
        <li className="inline-flex items-center gap-1.5">
          <Eye className="size-4" aria-hidden="true" />
          {t("{count, plural, one {# view} other {# views}}", { count: article.views })}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <MessageCircle className="size-4" aria-hidden="true" />
          {t("{count, plural, one {# thought shared} other {# thoughts shared}}", {
            count: article.discussionCount,
          })}
        </li>
      </ul>
      <TagList tags={article.tags} label={t("Tags")} className="mt-3" />
    </Card>
  );
}
