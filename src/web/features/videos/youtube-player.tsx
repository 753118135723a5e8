import { Play } from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { formatDuration } from "~/core/format";
import { FINISHED_WITHIN_SECONDS, PROGRESS_SAVE_EVERY_SECONDS } from "~/core/videos/progress";
import { YOUTUBE_EMBED_HOST, youTubeThumbnail } from "~/core/youtube";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { loadYouTubeApi, PLAYER_STATE, type YouTubePlayerInstance } from "./youtube-api";

export interface PlayerHandle {
  /** Whole seconds into the video, or null when the player is not running (or cannot tell). */
  currentTime(): number | null;
  pause(): void;
}

/** Where she is in the video, as the player reports it. */
export interface PlayerPosition {
  seconds: number;
  finished: boolean;
}

/** `leaving`: the page itself is going away (closed, or hidden), so the save must outlive it. */
export type PositionListener = (position: PlayerPosition, leaving: boolean) => void;

type Mode = "facade" | "loading" | "api" | "embed";

/** How often the player is asked where it is while it plays: cheap, the API answers from memory. */
const POLL_MS = 1000;

/**
 * A click-to-play facade: the page shows YouTube's still image and loads nothing from YouTube
 * until the member presses play. Then the IFrame API (privacy-enhanced host) runs the player so
 * "Take a note" can read the current time; if the API cannot load, a plain embed still plays.
 *
 * `onPosition` hears where she is every `PROGRESS_SAVE_EVERY_SECONDS` of play, when she pauses or
 * reaches the end, and when she leaves (another page, another tab, closing it); never twice the same.
 * `resuming` says the start is where she stopped last time.
 */
export const YouTubePlayer = forwardRef<
  PlayerHandle,
  { youtubeId: string; title: string; start?: number; resuming?: boolean; onPosition?: PositionListener }
>(function YouTubePlayer({ youtubeId, title, start, resuming = false, onPosition }, ref) {
  const [mode, setMode] = useState<Mode>("facade");
  const [imageFailed, setImageFailed] = useState(false);
  const mount = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayerInstance | null>(null);
  const ready = useRef(false);
  const listener = useRef(onPosition);
  useEffect(() => {
    listener.current = onPosition;
  }, [onPosition]);
  /** The last position told, so a position is never told twice. */
  const told = useRef<PlayerPosition | null>(null);

  const position = (ended = false): PlayerPosition | null => {
    const p = player.current;
    if (!ready.current || !p) return null;
    try {
      const raw = p.getCurrentTime();
      if (!Number.isFinite(raw)) return null;
      const seconds = Math.max(0, Math.floor(raw));
      const duration = p.getDuration?.() ?? 0;
      const nearEnd = duration > 0 && duration - seconds <= FINISHED_WITHIN_SECONDS;
      return { seconds, finished: ended || nearEnd };
    } catch {
      return null;
    }
  };
  const tell = (now: PlayerPosition | null, leaving = false) => {
    const last = told.current;
    if (!now || (last && last.seconds === now.seconds && last.finished === now.finished)) return;
    told.current = now;
    listener.current?.(now, leaving);
  };

  useImperativeHandle(
    ref,
    () => ({
      // `position` reads only refs, so the first render's copy stays right.
      currentTime: () => position()?.seconds ?? null,
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
            onStateChange: (event) => {
              if (event.data === PLAYER_STATE.paused) tell(position());
              if (event.data === PLAYER_STATE.ended) tell(position(true));
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

  // While it plays: tell where she is once she has moved on by the save interval (or jumped).
  useEffect(() => {
    if (mode !== "api") return;
    const timer = window.setInterval(() => {
      const state = player.current?.getPlayerState?.();
      if (state !== PLAYER_STATE.playing) return;
      const now = position();
      const last = told.current?.seconds ?? start ?? 0;
      if (now && Math.abs(now.seconds - last) >= PROGRESS_SAVE_EVERY_SECONDS) tell(now);
    }, POLL_MS);
    // Another tab, the app in the background, the page closing: it may not come back.
    const away = () => tell(position(), true);
    const hidden = () => {
      if (document.visibilityState === "hidden") away();
    };
    window.addEventListener("pagehide", away);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", away);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [mode, start]);

  useEffect(
    () => () => {
      // Off to another page of the app (this document stays): where she was, before the player goes.
      tell(position());
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

  // The player and its timeline run left to right in every language; its words are translated.
  return (
    <div
      dir="ltr"
      className="relative aspect-video w-full overflow-hidden rounded-[var(--radius-card)] bg-ink shadow-[var(--shadow-soft)]"
    >
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
            start
              ? t("Play video: {title}, from {time}", { title, time: formatDuration(start) })
              : t("Play video: {title}", { title })
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
              "absolute inset-0 m-auto flex size-18 items-center justify-center rounded-full bg-clay-600 text-white shadow-lg transition-transform",
              "group-hover:scale-105 group-focus-visible:scale-105",
            )}
          >
            {mode === "loading" ? (
              <span className="size-8 animate-spin rounded-full border-[3px] border-white/40 border-t-white" />
            ) : (
              <Play className="ms-1 size-8 fill-current" />
            )}
          </span>
          {start ? (
            <span
              aria-hidden="true"
              className="absolute bottom-3 start-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-semibold text-white tabular-nums"
            >
              {resuming
                ? t("Continue from {time}", { time: formatDuration(start) })
                : t("Play from {time}", { time: formatDuration(start) })}
            </span>
          ) : null}
        </button>
      )}
    </div>
  );
});
