import {
  ArrowLeft,
  Bookmark,
  CalendarDays,
  Clock,
  Eye,
  Heart,
  Lock,
  MessageSquareHeart,
  NotebookPen,
  PlayCircle,
  Share2,
  Users,
} from "lucide-react";
import { type ComponentProps, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { formatDuration, formatLongDate } from "~/core/format";
import { resumePoint } from "~/core/videos/progress";
import type { VideoDetail } from "~/core/videos/schemas";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { BecomePatronLink, PatronBadge } from "~/web/components/patron-lock";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { PageSpinner } from "~/web/components/ui/spinner";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifySuccess } from "~/web/lib/notify";
import { toast } from "~/web/lib/toast";
import { useScrollToHash } from "~/web/lib/use-scroll-to-hash";
import { useNoteAtMoment } from "../notes";
import {
  recordView,
  saveProgress,
  useRelatedVideos,
  useToggleVideoLike,
  useToggleVideoSave,
  useVideo,
} from "./api";
import { formatViews } from "./video-card";
import { VideoConversation } from "./video-conversation";
import { VideoThumbnail } from "./video-thumbnail";
import { type PlayerHandle, type PositionListener, YouTubePlayer } from "./youtube-player";

const MAX_ID = 2_147_483_647;

/** /video/:id: the player, the teaching, its reflections and where to go next. */
export default function VideoDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const raw = params.id ?? "";
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const valid = id > 0 && id <= MAX_ID;
  const video = useVideo(valid ? id : 0);

  // Opening a video counts a view (the server counts one per member per hour).
  const viewed = useRef<number | null>(null);
  useEffect(() => {
    if (!video.isSuccess || viewed.current === id) return;
    viewed.current = id;
    recordView(id).catch(() => {});
  }, [video.isSuccess, id]);

  const missing =
    !valid || (video.error instanceof ApiError && (video.error.status === 404 || video.error.status === 400));
  if (missing) return <VideoNotFound />;
  if (video.isPending) return <PageSpinner />;
  if (video.isError) {
    return (
      <ErrorState
        message={t("We couldn't load this video just now. Please try again.")}
        onRetry={() => void video.refetch()}
      />
    );
  }
  // One view per video: moving to another starts its own player from its own moment.
  return <VideoView key={video.data.id} video={video.data} />;
}

/** A note's moment (`?t=`) if she followed one, else where she stopped last time. */
function startOf(t: string | null, video: VideoDetail) {
  const moment = Number.parseInt(t ?? "", 10);
  if (Number.isFinite(moment) && moment > 0) return { start: moment, resuming: false };
  const resume = resumePoint(video.progress);
  return { start: resume, resuming: resume !== undefined };
}

function VideoView({ video }: { video: VideoDetail }) {
  const [search] = useSearchParams();
  // Fixed when the page opens: the saves while she watches must not move the player's start.
  const [{ start, resuming }] = useState(() => startOf(search.get("t"), video));
  const player = useRef<PlayerHandle>(null);
  const currentTime = useCallback(() => player.current?.currentTime() ?? null, []);
  const onPosition = useCallback<PositionListener>(
    (position, leaving) => saveProgress(video.id, position, leaving),
    [video.id],
  );
  // "Join Discussion" and the like land on the conversation (`#reflections`).
  useScrollToHash(true);
  // The server sends what plays a patron-only video to patrons and administrators alone.
  const locked = video.patronOnly && !video.youtubeId;

  const note = useNoteAtMoment(player, video);

  return (
    <>
      <Link
        href="/videos"
        className="mb-4 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-sage-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {t("Back to Videos")}
      </Link>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-8">
          <div>
            {locked ? (
              <PatronOnlyVideo />
            ) : video.youtubeId ? (
              <YouTubePlayer
                key={video.id}
                ref={player}
                youtubeId={video.youtubeId}
                title={video.title}
                start={start}
                resuming={resuming}
                onPosition={onPosition}
              />
            ) : (
              <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] bg-gradient-to-br from-sage-100 via-parchment to-gold-100 text-sage-700">
                <PlayCircle className="size-14" aria-hidden="true" />
                <p className="font-semibold">{t("Video player will appear here")}</p>
              </div>
            )}

            <div className="mt-6">
              <div className="flex flex-wrap items-center gap-2">
                {video.series && <Badge tone="sage">{translateKnown(video.series)}</Badge>}
                {video.patronOnly && <PatronBadge />}
              </div>
              <h1 dir="auto" className="mt-3 text-3xl leading-tight font-semibold sm:text-4xl">
                {video.title}
              </h1>
              <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
                {video.duration !== null && (
                  <div className="inline-flex items-center gap-1.5">
                    <dt>
                      <Clock className="size-4" aria-hidden="true" />
                      <span className="sr-only">{t("Duration")}</span>
                    </dt>
                    <dd className="tabular-nums">{formatDuration(video.duration)}</dd>
                  </div>
                )}
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <Eye className="size-4" aria-hidden="true" />
                    <span className="sr-only">{t("Views")}</span>
                  </dt>
                  <dd>{formatViews(video.views)}</dd>
                </div>
                <div className="inline-flex items-center gap-1.5">
                  <dt>
                    <CalendarDays className="size-4" aria-hidden="true" />
                    <span className="sr-only">{t("Added")}</span>
                  </dt>
                  <dd>
                    <time dateTime={video.createdAt}>{formatLongDate(video.createdAt)}</time>
                  </dd>
                </div>
              </dl>

              <VideoActions video={video} takeNote={note.button} />

              <p
                dir="auto"
                className="mt-6 max-w-prose text-lg leading-relaxed whitespace-pre-line text-ink/90"
              >
                {video.description}
              </p>
            </div>
          </div>

          {/* The last part of the page to make ids: it can take a turn of its own. */}
          <HydratedInTurn>
            <VideoConversation
              videoId={video.id}
              videoTitle={video.title}
              currentTime={currentTime}
              prompts={video.reflectionPrompts}
              count={video.discussionsCount}
            />
          </HydratedInTurn>
        </div>

        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start" aria-label={t("More to explore")}>
          {/* It makes no ids: it can hydrate after the rest of the page, in a turn of its own. */}
          <HydratedInTurn>
            <RelatedVideos video={video} />
          </HydratedInTurn>
          <ContinueGrowing />
        </aside>
      </div>

      {note.dialog}
    </>
  );
}

/** What a member who is not a patron sees in the player's place: calm, and the way to become one. */
function PatronOnlyVideo() {
  return (
    <section
      aria-labelledby="patron-only-title"
      className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] bg-gradient-to-br from-gold-100 via-parchment to-sage-100 px-6 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-white/80 text-gold-700 shadow-[var(--shadow-soft)]">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <h2 id="patron-only-title" className="font-sans text-lg font-bold text-ink sm:text-xl">
        {t("This teaching is for our patrons")}
      </h2>
      <p className="max-w-md text-sm text-ink/80 sm:text-base">
        {t("Patrons keep this ministry growing, and teachings like this one are our thank-you to them.")}
      </p>
      <BecomePatronLink className="mt-2" />
    </section>
  );
}

function VideoActions({
  video,
  takeNote,
}: {
  video: VideoDetail;
  /** The "Take a note" button's handlers (useNoteAtMoment). */
  takeNote: ComponentProps<typeof Button>;
}) {
  const [, navigate] = useLocation();
  const like = useToggleVideoLike(video.id);
  const save = useToggleVideoSave(video.id);

  const share = async () => {
    const url = `${window.location.origin}/video/${video.id}`;
    if (typeof navigator.share === "function" && navigator.canShare?.({ url })) {
      try {
        await navigator.share({ title: video.title, url });
        return;
      } catch (err) {
        if ((err as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t("Link copied"), t("Share this teaching with a friend."));
    } catch {
      notifySuccess(t("Share this video"), url);
    }
  };

  return (
    <div className="mt-5 flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={video.likedByMe}
        disabled={like.isPending}
        onClick={() => like.mutate()}
        className={actionClass(
          video.likedByMe ? "border-clay-200 bg-clay-50 text-clay-700 hover:bg-clay-100" : undefined,
        )}
      >
        <Heart className={cn(video.likedByMe && "fill-current")} aria-hidden="true" />
        {video.likedByMe ? t("Liked") : t("Like")}
        <span className="tabular-nums">
          {video.likes}
          <span className="sr-only">
            {" "}
            {t("{count, plural, one {like} other {likes}}", { count: video.likes })}
          </span>
        </span>
      </button>
      <button
        type="button"
        aria-pressed={video.savedByMe}
        disabled={save.isPending}
        onClick={() =>
          save.mutate(undefined, {
            onSuccess: (res) =>
              res.saved
                ? toast({
                    title: t("Saved"),
                    description: t("You'll find it under Saved Videos in your profile."),
                    action: { label: t("View"), onClick: () => navigate("/profile?tab=saved") },
                  })
                : notifySuccess(t("Removed from saved videos")),
          })
        }
        className={actionClass(
          video.savedByMe ? "border-sage-300 bg-sage-50 text-sage-800 hover:bg-sage-100" : undefined,
        )}
      >
        <Bookmark className={cn(video.savedByMe && "fill-current")} aria-hidden="true" />
        {video.savedByMe ? t("Saved") : t("Save")}
      </button>
      <button type="button" className={actionClass()} onClick={() => void share()}>
        <Share2 aria-hidden="true" /> {t("Share")}
      </button>
      <Button size="sm" variant="accent" {...takeNote}>
        <NotebookPen aria-hidden="true" /> {t("Take a note")}
      </Button>
    </div>
  );
}

/** Like, Save and Share: outlined pills that take a tint when they are on. */
const actionClass = (on?: string) =>
  cn(
    "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap transition-colors",
    "disabled:opacity-55 [&_svg]:size-[1.1em] [&_svg]:shrink-0",
    on ?? "border-linen bg-white text-ink hover:bg-parchment",
  );

function RelatedVideos({ video }: { video: VideoDetail }) {
  const related = useRelatedVideos(video.id, true);
  const title = video.series
    ? t("More from {series}", { series: translateKnown(video.series) })
    : t("More videos");
  return (
    <Card className="p-5">
      <h2 className="text-xl font-semibold">{title}</h2>
      {related.isPending ? (
        <ul className="mt-4 space-y-4" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex gap-3">
              <Skeleton className="aspect-video w-28 shrink-0" />
              <SkeletonLines className="flex-1 space-y-2" lines={["h-4 w-full", "h-3 w-12"]} />
            </li>
          ))}
        </ul>
      ) : related.isError || related.data.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("Related videos will appear here")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {related.data.map((v) => (
            <li key={v.id}>
              <Link
                href={`/video/${v.id}`}
                className="group -mx-2 flex gap-3 rounded-xl p-2 transition-colors hover:bg-parchment"
              >
                <VideoThumbnail
                  youtubeId={v.youtubeId}
                  locked={v.patronOnly}
                  className="w-28 shrink-0 rounded-lg"
                />
                <span className="min-w-0">
                  <span
                    dir="auto"
                    className="line-clamp-2 text-sm leading-snug font-semibold group-hover:text-sage-700"
                  >
                    {v.title}
                  </span>
                  {v.duration !== null && (
                    <span className="mt-1 block text-xs text-muted tabular-nums">
                      {formatDuration(v.duration)}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ContinueGrowing() {
  return (
    <section className="rounded-[var(--radius-card)] bg-sage-700 p-5 text-cream shadow-[var(--shadow-soft)]">
      <h2 className="text-xl font-semibold text-cream">{t("Continue Growing")}</h2>
      <p className="mt-1 text-sm text-sage-100">{t("Keep the conversation going beyond this teaching.")}</p>
      <div className="mt-4 grid gap-2">
        <Link href="/profile?tab=reflections" className={buttonClass("secondary", "md")}>
          <MessageSquareHeart aria-hidden="true" /> {t("My Reflections")}
        </Link>
        <Link href="/discipleship" className={buttonClass("secondary", "md")}>
          <Users aria-hidden="true" /> {t("Find Discussion Partner")}
        </Link>
      </div>
    </section>
  );
}

function VideoNotFound() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4 py-12">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-sage-100 text-sage-600">
          <PlayCircle className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-3xl font-semibold">{t("Video Not Found")}</h1>
        <p className="mt-2 text-muted">{t("The video you're looking for doesn't exist.")}</p>
        <Link href="/videos" className={buttonClass("primary", "md", "mt-7")}>
          {t("Browse the Video Library")}
        </Link>
      </div>
    </div>
  );
}
