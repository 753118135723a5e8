/** The patrons' prayer list, without zod, so pages can use it without loading the schemas. */

/** Requests shown a page at a time on the patrons' prayer list. */
export const PRAYER_LIST_PAGE_SIZE = 20;
