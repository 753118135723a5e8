/**
 * What the server answers (503) and the payment pages say while this site takes no payments. Apart
 * from the schemas, so a page that only needs to recognise that answer (a priced course) loads no zod.
 */
export const PAYMENTS_NOT_CONFIGURED = "Online payments are not set up yet.";
