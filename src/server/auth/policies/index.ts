/**
 * Who may see which row, and what of it: each rule written once, as a TypeScript function for a
 * row already read and, beside it, the SQL that applies the same rule inside a query (so a list
 * never reads rows only to drop them). Change a pair together; test/unit/policies.test.ts checks
 * they agree. One file per subject; the rest of the server imports this file. Which routes a member
 * may call at all is another matter (access.ts, route-policies.ts).
 */
export * from "./conversation";
export * from "./events";
export * from "./groups";
export * from "./member-content";
export * from "./messages";
export * from "./notes";
export * from "./prayer";
export * from "./profiles";
export * from "./viewer";
