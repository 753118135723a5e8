/**
 * The oldest Node.js the app supports, as package.json's `engines` says it: several of its
 * dependencies need 22. The suite runs on the machine's Node.js and again on the current LTS, 26.
 */
export const OLDEST_SUPPORTED_NODE = 22;
export const RECOMMENDED_NODE = 26;

/** What the start says on an older Node.js, or nothing on a supported one. */
export function nodeVersionWarning(version = process.versions.node): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= OLDEST_SUPPORTED_NODE) return null;
  return `Node.js ${version} is older than this app supports: it needs Node.js ${OLDEST_SUPPORTED_NODE} or newer (${RECOMMENDED_NODE}, the current long-term support release, is recommended).`;
}
