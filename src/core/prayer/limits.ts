/** Prayer wall limits, without zod, so pages can use them without loading the schemas. */

/** How many responses each wall card carries; the rest load on demand. */
export const PRAYER_RESPONSE_PREVIEW = 3;
/** Wall page size ("Load more" fetches the next page by cursor). */
export const PRAYER_PAGE_SIZE = 20;
export const PRAISE_NOTE_MAX = 1000;
