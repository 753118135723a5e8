// What other features may use of videos (the dependency rules let them import this file and nothing
// else here).
import { lazyPart } from "~/web/lib/lazy-part";

/** The admin dashboard's Videos tab: its own chunk, loaded with the tab. */
export const AdminVideosTab = lazyPart(() => import("./admin-videos-tab"));

/** The click-to-play YouTube player, which tells where she is as she watches (a lesson's video). */
export { type PlayerHandle, type PositionListener, YouTubePlayer } from "./youtube-player";
