/** The YouTube IFrame Player API, loaded once and only when a member presses play. */

export interface YouTubePlayerInstance {
  getCurrentTime(): number;
  /** Seconds; 0 until the video's metadata has loaded. */
  getDuration?(): number;
  /** -1 unstarted, 0 ended, 1 playing, 2 paused, 3 buffering, 5 cued (`PLAYER_STATE`). */
  getPlayerState?(): number;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  destroy(): void;
  getIframe?(): HTMLIFrameElement;
}

export interface YouTubePlayerOptions {
  host?: string;
  videoId: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YouTubePlayerInstance }) => void;
    onError?: (event: { target: YouTubePlayerInstance; data: number }) => void;
    onStateChange?: (event: { target: YouTubePlayerInstance; data: number }) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayerInstance;
}

declare global {
  interface Window {
    YT?: Partial<YouTubeNamespace>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** The player's states this app acts on (the API's `YT.PlayerState`). */
export const PLAYER_STATE = { ended: 0, playing: 1, paused: 2 } as const;

export const YOUTUBE_API_URL = "https://www.youtube.com/iframe_api";
const LOAD_TIMEOUT_MS = 10_000;

let loading: Promise<YouTubeNamespace> | null = null;

/**
 * Resolves with the API, or rejects when it cannot load (offline, blocked by an extension, slow);
 * the caller then falls back to a plain embed. A failed attempt may be retried later.
 */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT as YouTubeNamespace);
  if (loading) return loading;
  loading = new Promise<YouTubeNamespace>((resolve, reject) => {
    const fail = (reason: string) => {
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail("The YouTube player took too long to load"), LOAD_TIMEOUT_MS);
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timer);
      if (window.YT?.Player) resolve(window.YT as YouTubeNamespace);
      else fail("The YouTube player is unavailable");
    };
    const script = document.createElement("script");
    script.src = YOUTUBE_API_URL;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      fail("The YouTube player could not load");
    };
    document.head.appendChild(script);
  });
  return loading;
}
