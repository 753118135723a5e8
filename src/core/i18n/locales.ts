/** The languages the app speaks, how each is written, and which one a request is in. */

export const LOCALES = ["en", "he"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Each language by its own name, as a language switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", he: "עברית" };

export const directionOf = (locale: Locale): "ltr" | "rtl" => (locale === "he" ? "rtl" : "ltr");

/**
 * The page shell the build writes in each language ("index.html", "index.he.html"): every page in
 * that language starts from it, and the service worker keeps each for offline (decision 066).
 */
export const shellFileOf = (locale: Locale) => (locale === "en" ? "index.html" : `index.${locale}.html`);

/** The cookie a visitor's language switch sets (a member's choice is in her profile). */
export const LANGUAGE_COOKIE = "lang";

/**
 * The first language of an `Accept-Language` header the app speaks, by its weights ("he-IL,he;q=0.9,
 * en;q=0.8" is Hebrew); undefined when it names none (the ministry's default then applies).
 */
export function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split("-")[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  // "iw" is Hebrew's old code, still sent by some Android browsers.
  for (const { base } of ranked) {
    if (base === "iw") return "he";
    if (isLocale(base)) return base;
  }
  return undefined;
}

/** Her language: her profile's choice, else the visitor's switch, else her browser's, else the ministry's. */
export function chooseLocale(choices: {
  profile?: string | null;
  cookie?: string | null;
  acceptLanguage?: string;
  fallback: Locale;
}): Locale {
  if (isLocale(choices.profile)) return choices.profile;
  if (isLocale(choices.cookie)) return choices.cookie;
  return fromAcceptLanguage(choices.acceptLanguage) ?? choices.fallback;
}
