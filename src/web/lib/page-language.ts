/**
 * The page's language, as the server wrote it on `<html lang>`: the browser's translator is made once
 * for it (a language switch reloads the page). Hebrew's catalogue is fetched only on Hebrew pages.
 */
import { createTranslator, isLocale, type Locale, setTranslationContext } from "~/core/i18n";

export const pageLocale: Locale = isLocale(document.documentElement.lang)
  ? document.documentElement.lang
  : "en";

/** Makes the page's translator; resolves when `t` speaks the page's language. */
export async function startTranslations(): Promise<void> {
  // English needs no catalogue: each message with placeholders comes compiled with the code using it.
  const messages = pageLocale === "he" ? (await import("virtual:catalogue/he")).default : {};
  const translator = createTranslator(pageLocale, messages);
  setTranslationContext(() => translator);
}
