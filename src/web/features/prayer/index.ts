// What other screens use of the prayer wall: the wall itself, the community page's first tab.
export { PrayerWall } from "./prayer-wall";
