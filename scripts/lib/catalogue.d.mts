export const CATALOGUE_FILE: string;
export function readHebrewCatalogue(onFile?: (file: string) => void): Record<string, string>;
export function compileCatalogue(
  locale: "en" | "he",
  hebrew: Record<string, string>,
): Record<string, unknown>;
export function compileEnglishInline(code: string): string;
export const LITERAL: string;
export function parseLiteral(double: string | undefined, single: string | undefined): string;
