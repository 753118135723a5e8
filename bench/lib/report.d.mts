/** A row of the bench's table: its name, what it measured, its target and whether it met it. */
export interface BenchRow {
  what: string;
  measured?: string;
  target?: string;
  ok?: boolean;
}
export type Database = "embedded" | "server";
export interface Table {
  runs: Record<Database, string | undefined>;
  figures: Map<string, { target: string } & Record<Database, string | undefined>>;
}
export const DATABASES: Database[];
export function figure(row: BenchRow): string;
export function readTable(markdown: string): Table;
export function writeTable(
  previous: Table,
  database: Database,
  run: string,
  rows: BenchRow[],
): { described: string[]; table: string[] };
export function writtenByHand(markdown: string): string;
export function readReport(file: string): string;
