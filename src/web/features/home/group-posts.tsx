import { MapPin, MessageCircle, Sprout, UsersRound } from "lucide-react";
import { Link } from "wouter";
import { GROUP_POST_KIND_LABELS, type GroupPostKind } from "~/core/conversation/limits";
import { formatCompactAge, personName } from "~/core/format";
import type { HomeGroupPost as GroupPost } from "~/core/home/schemas";
import { MemberText } from "~/web/components/member-text";
import { SkeletonList } from "~/web/components/skeleton-group";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { Trans, t } from "~/web/lib/i18n";

const KIND_TONES: Record<GroupPostKind, BadgeTone> = {
  discussion: "neutral",
  prayer: "yellow",
  question: "blue",
  announcement: "clay",
};

const authorOf = (post: GroupPost) => personName(post.author, { form: "short", nameless: t("A sister") });

/**
 * "From your groups": the newest words of the groups she belongs to, each opening its post; a
 * member in no group yet (or in quiet ones) is shown where groups are.
 */
export function GroupPosts({ posts }: { posts: GroupPost[] }) {
  if (posts.length === 0) return <NoGroupPosts />;
  return (
    <ul className="space-y-3">
      {posts.map((post) => {
        const author = authorOf(post);
        return (
          <li key={post.id}>
            <Card className="relative flex gap-3 p-4 transition-shadow hover:shadow-[var(--shadow-lift)]">
              <Avatar user={post.author} />
              <div className="min-w-0 flex-1">
                <p className="text-sm wrap-anywhere">
                  <Trans
                    id="<0>{author}</0><1> in </1><2>{group}</2>"
                    values={{ author, group: post.groupName }}
                    components={{
                      0: <bdi className="font-bold" />,
                      1: <span className="text-muted" />,
                      2: <bdi className="font-semibold" />,
                    }}
                  />
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                  <Badge tone={KIND_TONES[post.kind]}>{t(GROUP_POST_KIND_LABELS[post.kind])}</Badge>
                  <time dateTime={post.createdAt}>{formatCompactAge(post.createdAt)}</time>
                  <span aria-hidden="true">·</span>
                  <span className="inline-flex items-center gap-1 font-semibold text-sage-700">
                    <MessageCircle className="size-3.5" aria-hidden="true" />
                    {t("{count, plural, one {# reply} other {# replies}}", { count: post.replyCount })}
                  </span>
                </p>
                <MemberText
                  text={post.body}
                  className="mt-1.5 line-clamp-2 text-sm leading-relaxed sm:line-clamp-3"
                />
              </div>
              {/* The whole card opens the post with its replies. */}
              <Link
                href={`/group-posts/${post.id}`}
                className="absolute inset-0 rounded-[var(--radius-card)]"
              >
                <span className="sr-only">
                  {t("Open {author}'s post in {group}", { author, group: post.groupName })}
                </span>
              </Link>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function NoGroupPosts() {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-5 py-7 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-sage-100 text-sage-600">
        <UsersRound className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-3 font-semibold text-ink">{t("Nothing from your groups yet")}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">
        {t(
          "A group is where you are known and encouraged between Sundays. Join one, and what its women share will meet you here.",
        )}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link href="/cultivation-groups" className={buttonClass("primary", "sm")}>
          <Sprout aria-hidden="true" /> {t("Cultivation Groups")}
        </Link>
        <Link href="/local-communities" className={buttonClass("outline", "sm", "bg-white")}>
          <MapPin aria-hidden="true" /> {t("Local Communities")}
        </Link>
      </div>
    </div>
  );
}

export function GroupPostSkeletons() {
  return (
    <SkeletonList label={t("Loading posts from your groups")} count={2} className="space-y-3">
      <Card className="flex gap-3 p-4">
        <Skeleton className="size-9 shrink-0 rounded-full" />
        <SkeletonLines className="flex-1 space-y-2" lines={["h-4 w-1/2", "h-4 w-full", "h-4 w-4/5"]} />
      </Card>
    </SkeletonList>
  );
}
