import { Play } from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { formatDuration } from "~/core/format";
import { YOUTUBE_EMBED_HOST, youTubeThumbnail } from "~/core/youtube";
import { cn } from "~/web/lib/cn";
import { loadYouTubeApi, type YouTubePlayerInstance } from "./youtube-api";

export interface PlayerHandle {
  /** Whole seconds into the video, or null when the player is not running (or cannot tell). */
  currentTime(): number | null;
  pause(): void;
}

type Mode = "facade" | "loading" | "api" | "embed";

/**
 * A click-to-play facade: the page shows YouTube's still image and loads nothing from YouTube
 * until the member presses play. Then the IFrame API (privacy-enhanced host) runs the player so
 * "Take a note" can read the current time; if the API cannot load, a plain embed still plays.
 */
export const YouTubePlayer = forwardRef<PlayerHandle, { youtubeId: string; title: string; start?: number }>(
  function YouTubePlayer({ youtubeId, title, start }, ref) {
    const [mode, setMode] = useState<Mode>("facade");
    const [imageFailed, setImageFailed] = useState(false);
    const mount = useRef<HTMLDivElement>(null);
    const player = useRef<YouTubePlayerInstance | null>(null);
    const ready = useRef(false);

    useImperativeHandle(
      ref,
      () => ({
        currentTime() {
          if (!ready.current || !player.current) return null;
          try {
            const seconds = player.current.getCurrentTime();
            return Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : null;
          } catch {
            return null;
          }
        },
        pause() {
          try {
            if (ready.current) player.current?.pauseVideo();
          } catch {}
        },
      }),
      [],
    );

    useEffect(() => {
      if (mode !== "loading") return;
      let cancelled = false;
      loadYouTubeApi()
        .then((YT) => {
          if (cancelled || !mount.current) return;
          // The API replaces this element with its iframe; React never renders into the mount point.
          const host = document.createElement("div");
          mount.current.replaceChildren(host);
          player.current = new YT.Player(host, {
            host: YOUTUBE_EMBED_HOST,
            videoId: youtubeId,
            width: "100%",
            height: "100%",
            playerVars: {
              autoplay: 1,
              rel: 0,
              playsinline: 1,
              ...(start ? { start } : {}),
              origin: window.location.origin,
            },
            events: {
              onReady: (event) => {
                ready.current = true;
                const frame = event.target.getIframe?.();
                if (frame) frame.title = title;
                event.target.playVideo();
              },
            },
          });
          setMode("api");
        })
        .catch(() => {
          if (!cancelled) setMode("embed");
        });
      return () => {
        cancelled = true;
      };
    }, [mode, youtubeId, start, title]);

    useEffect(
      () => () => {
        try {
          player.current?.destroy();
        } catch {}
        player.current = null;
        ready.current = false;
      },
      [],
    );

    const warmUp = () => {
      void loadYouTubeApi().catch(() => {});
    };

    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-[var(--radius-card)] bg-ink shadow-[var(--shadow-soft)]">
        <div ref={mount} className="absolute inset-0 [&>iframe]:size-full" />
        {mode === "embed" && (
          <iframe
            src={`${YOUTUBE_EMBED_HOST}/embed/${youtubeId}?autoplay=1&rel=0&playsinline=1${start ? `&start=${start}` : ""}`}
            title={title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        )}
        {(mode === "facade" || mode === "loading") && (
          <button
            type="button"
            onClick={() => setMode("loading")}
            onPointerEnter={warmUp}
            onFocus={warmUp}
            disabled={mode === "loading"}
            aria-label={
              start ? `Play video: ${title}, from ${formatDuration(start)}` : `Play video: ${title}`
            }
            className="group absolute inset-0 size-full cursor-pointer"
          >
            {imageFailed ? (
              <span
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-br from-sage-700 via-sage-600 to-sage-800"
              />
            ) : (
              <img
                src={youTubeThumbnail(youtubeId, "hqdefault")}
                alt=""
                fetchPriority="high"
                className="absolute inset-0 size-full object-cover"
                onError={() => setImageFailed(true)}
              />
            )}
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-t from-ink/50 via-transparent"
            />
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-1/2 left-1/2 flex size-18 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-clay-600 text-white shadow-lg transition-transform",
                "group-hover:scale-105 group-focus-visible:scale-105",
              )}
            >
              {mode === "loading" ? (
                <span className="size-8 animate-spin rounded-full border-[3px] border-white/40 border-t-white" />
              ) : (
                <Play className="ml-1 size-8 fill-current" />
              )}
            </span>
            {start ? (
              <span
                aria-hidden="true"
                className="absolute bottom-3 left-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-semibold text-white tabular-nums"
              >
                Play from {formatDuration(start)}
              </span>
            ) : null}
          </button>
        )}
      </div>
    );
  },
);
