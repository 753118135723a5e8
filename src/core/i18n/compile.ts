/**
 * The catalogues compiled for Lingui's runtime (the build does it for the browser, the server at
 * start): Hebrew whole, English only where a message has placeholders or plurals.
 */
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import catalogue from "./he.json";
import type { Locale } from "./locales";
import { isIcuMessage } from "./translate";

export function compiledCatalogue(
  locale: Locale,
  hebrewMessages: Record<string, string> = catalogue,
): Messages {
  const source =
    locale === "he" ? hebrewMessages : Object.fromEntries(Object.keys(hebrewMessages).map((id) => [id, id]));
  const out: Messages = {};
  for (const [id, message] of Object.entries(source)) {
    if (locale === "en" && !isIcuMessage(id)) continue;
    out[id] = compileMessage(message);
  }
  return out;
}
