/**
 * The keys of a table of labels, in their order, as the non-empty tuple `z.enum` and Drizzle's text
 * enums take: a fixed list of choices is written once, with the words members see for each.
 */
export const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as [K, ...K[]];
