import { Eye } from "lucide-react";
import { Link } from "wouter";
import { formatCalendarAge } from "~/core/format";
import type { VideoItem } from "~/core/videos/schemas";
import { DurationBadge } from "~/web/components/duration-badge";
import { PatronBadge } from "~/web/components/patron-lock";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { t, translateKnown } from "~/web/lib/i18n";
import { WatchedBar } from "./continue-watching";
import { VideoThumbnail } from "./video-thumbnail";

export const formatViews = (views: number) =>
  t("{count, plural, one {# view} other {# views}}", { count: views });

/**
 * One video in the library grid; the whole card is the link to its page. `eager` for the first
 * cards on screen: their image is what the page is waiting to show. `watched`: the seconds she has
 * seen of a video she started.
 */
export function VideoCard({
  video,
  eager = false,
  watched,
}: {
  video: VideoItem;
  eager?: boolean;
  watched?: number;
}) {
  return (
    <Card className="group relative flex w-full flex-col overflow-hidden transition-shadow hover:shadow-[var(--shadow-lift)] has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-gold-400">
      <div className="relative">
        <VideoThumbnail
          youtubeId={video.youtubeId}
          locked={video.patronOnly}
          eager={eager}
          className="transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <DurationBadge seconds={video.duration} />
        {watched !== undefined && <WatchedBar seconds={watched} duration={video.duration} />}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {(video.series || video.patronOnly) && (
          <div className="flex flex-wrap items-center gap-1.5">
            {video.series && <Badge tone="sage">{translateKnown(video.series)}</Badge>}
            {video.patronOnly && <PatronBadge />}
          </div>
        )}
        <h2 dir="auto" className="mt-2 font-sans text-lg leading-snug font-bold">
          <Link
            href={`/video/${video.id}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {video.title}
          </Link>
        </h2>
        <p dir="auto" className="mt-1.5 line-clamp-2 text-sm text-muted">
          {video.description}
        </p>
        <p className="mt-auto flex items-center gap-3 pt-3 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Eye className="size-4" aria-hidden="true" />
            {formatViews(video.views)}
          </span>
          <span aria-hidden="true">·</span>
          <span>{formatCalendarAge(video.publishedAt)}</span>
        </p>
      </div>
    </Card>
  );
}

export function VideoCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-video rounded-none" />
      <SkeletonLines
        className="space-y-3 p-4"
        lines={["h-5 w-24 rounded-full", "h-5 w-4/5", "h-4 w-full", "h-4 w-2/3"]}
      />
    </Card>
  );
}
