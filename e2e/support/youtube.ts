import type { Page } from "@playwright/test";

/**
 * A tiny stand-in for the YouTube IFrame Player API: it "plays" at `window.__ytTime` seconds (of
 * `window.__ytDuration`), records pauses and tells the page when it plays, pauses or ends
 * (`window.__ytEnd()`), which is all the pages ask of the real one.
 */
const FAKE_IFRAME_API = `
window.__ytTime = window.__ytTime ?? 83;
window.__ytDuration = window.__ytDuration ?? 600;
window.YT = {
  Player: function (element, options) {
    var frame = document.createElement("div");
    frame.setAttribute("data-testid", "youtube-player");
    frame.setAttribute("data-video-id", options.videoId);
    frame.setAttribute("data-host", options.host || "");
    frame.setAttribute("data-start", String((options.playerVars && options.playerVars.start) || 0));
    frame.textContent = "Playing " + options.videoId;
    element.replaceWith(frame);
    var self = this;
    var state = -1;
    var tell = function (next) {
      state = next;
      options.events && options.events.onStateChange && options.events.onStateChange({ target: self, data: next });
    };
    this.getCurrentTime = function () { return window.__ytTime; };
    this.getDuration = function () { return window.__ytDuration; };
    this.getPlayerState = function () { return state; };
    this.playVideo = function () { window.__ytPlaying = true; tell(1); };
    this.pauseVideo = function () { window.__ytPlaying = false; window.__ytPaused = true; tell(2); };
    window.__ytEnd = function () { window.__ytPlaying = false; window.__ytTime = window.__ytDuration; tell(0); };
    this.seekTo = function (s) { window.__ytTime = s; };
    this.destroy = function () { frame.remove(); };
    this.getIframe = function () { return frame; };
    setTimeout(function () { options.events && options.events.onReady && options.events.onReady({ target: self }); }, 0);
  },
};
if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
`;

/**
 * The browser in tests has no internet: serve YouTube's player API and embed from here (thumbnails
 * come through the app's own /api/thumbnails).
 * `api: "unreachable"` makes the player API fail to load, as an ad blocker or a dead network would.
 */
export async function stubYouTube(page: Page, options: { api?: "fake" | "unreachable" } = {}) {
  await page.route("https://www.youtube.com/iframe_api", (route) =>
    options.api === "unreachable"
      ? route.abort("internetdisconnected")
      : route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_IFRAME_API }),
  );
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Embedded video</title><p>Embedded YouTube player</p>",
    }),
  );
}
