// Shabbat and the feasts for the server: where a member keeps them, their times there, her rest window.
export { ADDED_CITY_NAMES, canonicalZone, cityNamed, type Place, placeOf } from "./places";
export {
  type FeastDays,
  feastDaysAt,
  isDayOfRest,
  isResting,
  type RestWindow,
  restWindowAt,
  restWindowsBetween,
} from "./rest";
export { addDays, type CivilDate, candleLighting, candleLightingMinutes, nightfall } from "./zmanim";
