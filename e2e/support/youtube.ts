import type { Page } from "@playwright/test";

/**
 * A tiny stand-in for the YouTube IFrame Player API: it "plays" at `window.__ytTime` seconds and
 * records pauses, which is all the pages ask of the real one.
 */
const FAKE_IFRAME_API = `
window.__ytTime = window.__ytTime ?? 83;
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
    this.getCurrentTime = function () { return window.__ytTime; };
    this.playVideo = function () { window.__ytPlaying = true; };
    this.pauseVideo = function () { window.__ytPlaying = false; window.__ytPaused = true; };
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
