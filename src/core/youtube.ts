/** YouTube links as admins paste them, reduced to the 11-character video id the player needs. */

const ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"]);

/** Path prefixes that carry the id as the next segment: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_SEGMENTS = new Set(["embed", "shorts", "live", "v", "e"]);

/**
 * The video id of a YouTube URL in any common form (watch?v=, youtu.be/, embed/, shorts/, live/,
 * with or without scheme, www. or extra parameters), or null when it is not one.
 */
export function parseYouTubeId(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text || text.length > 2048 || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const segments = url.pathname.split("/").filter(Boolean);

  let id: string | null | undefined;
  if (host === "youtu.be") {
    id = segments[0];
  } else if (WATCH_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (segments[0] && ID_SEGMENTS.has(segments[0])) id = segments[1];
  }
  return id && ID.test(id) ? id : null;
}

export const isYouTubeId = (id: string) => ID.test(id);

/** The canonical page of a video, for admins editing it and for sharing. */
export const youTubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/**
 * A video's still image (hqdefault, 480x360, always exists), through our own origin so that
 * browsing the library sends nothing to Google.
 */
export const youTubeThumbnail = (id: string, size: "mqdefault" | "hqdefault" | "sddefault" = "hqdefault") =>
  size === "hqdefault" ? `/api/thumbnails/${id}` : `/api/thumbnails/${id}?size=${size}`;

/** The privacy-enhanced embed: no cookies until the member presses play. */
export const YOUTUBE_EMBED_HOST = "https://www.youtube-nocookie.com";
