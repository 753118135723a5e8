import { LIMITS } from "./constants";

/** A path on this site: one slash, then no backslash or space (never `//other.site`). */
export const LOCAL_PATH = /^\/(?!\/)[^\\\s]*$/;

/**
 * Where to go after signing in, if `value` is a local path (the rule `returnToSchema` checks); a
 * page reads it without loading the schemas.
 */
export function localReturnPath(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= LIMITS.url && LOCAL_PATH.test(value)
    ? value
    : undefined;
}
