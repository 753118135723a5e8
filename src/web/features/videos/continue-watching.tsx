import { PlayCircle } from "lucide-react";
import { Link } from "wouter";
import { formatDuration } from "~/core/format";
import { watchedShare } from "~/core/videos/progress";
import type { WatchingItem } from "~/core/videos/schemas";
import { DurationBadge } from "~/web/components/duration-badge";
import { t, translateKnown } from "~/web/lib/i18n";
import { VideoThumbnail } from "./video-thumbnail";

/** How far she got, along the bottom of a video's still; said in words to screen readers. */
export function WatchedBar({ seconds, duration }: { seconds: number; duration: number | null }) {
  const share = watchedShare(seconds, duration);
  return (
    <>
      <span className="sr-only">
        {duration
          ? t("Watched {watched} of {duration}", {
              watched: formatDuration(seconds),
              duration: formatDuration(duration),
            })
          : t("Watched {watched}", { watched: formatDuration(seconds) })}
      </span>
      {share !== undefined && (
        <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5 bg-ink/35">
          <span
            className="block h-full rounded-e-full bg-clay-500"
            style={{ width: `${Math.max(share * 100, 3)}%` }}
          />
        </span>
      )}
    </>
  );
}

/** The library's row of what she started: each card takes her back to where she stopped. */
export function ContinueWatching({ videos }: { videos: WatchingItem[] }) {
  return (
    <section aria-labelledby="continue-watching" className="mb-8">
      <h2 id="continue-watching" className="mb-3 text-2xl font-semibold">
        {t("Continue Watching")}
      </h2>
      <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {videos.map((video) => (
          <li key={video.id} className="w-64 shrink-0 snap-start sm:w-72">
            <Link
              href={`/video/${video.id}`}
              className="group block overflow-hidden rounded-[var(--radius-card)] border border-linen/80 bg-white shadow-[var(--shadow-soft)] transition-shadow hover:shadow-[var(--shadow-lift)]"
            >
              <div className="relative">
                <VideoThumbnail youtubeId={video.youtubeId} locked={video.patronOnly} />
                <DurationBadge seconds={video.duration} />
                <WatchedBar seconds={video.seconds} duration={video.duration} />
              </div>
              <div className="p-3">
                {video.series && (
                  <p className="text-xs font-bold tracking-wide text-clay-600 uppercase">
                    {translateKnown(video.series)}
                  </p>
                )}
                <h3
                  dir="auto"
                  className="mt-0.5 line-clamp-2 font-sans text-base leading-snug font-bold text-ink group-hover:text-sage-700"
                >
                  {video.title}
                </h3>
                <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-sage-700">
                  <PlayCircle className="size-4" aria-hidden="true" />{" "}
                  {t("Continue from {time}", { time: formatDuration(video.seconds) })}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
