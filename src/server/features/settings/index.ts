/**
 * What others may use of the settings (decision 063): `saveSettings`, inside a caller's transaction
 * (setting the ministry up), and `watchSettings`, which the app calls at start to lay the stored
 * settings over its config and keep them applied.
 */
export { saveSettings } from "./service";
export { watchSettings } from "./watch";
