import { Languages } from "lucide-react";
import { useState } from "react";
import { directionOf, LANGUAGE_COOKIE, LANGUAGE_NAMES, type Locale } from "~/core/i18n";
import { call } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { currentLocale } from "~/web/lib/i18n";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language the page is not in: the one a switch offers (the app speaks two). */
export const otherLocale = (): Locale => (currentLocale() === "he" ? "en" : "he");

/**
 * Reads the site in `locale` from now on, and reloads the page in it (each page is in one language
 * for its life). A visitor's choice is kept in a cookie; a member's in her profile, which her mail and
 * notices follow too, and in the cookie as well, so the site stays in her language once she signs out.
 */
export async function chooseLanguage(locale: Locale, member: boolean) {
  if (member) {
    // Loaded on the way: the visitor pages carry no endpoint of the profile.
    const { profileEndpoints } = await import("~/core/profile/endpoints");
    await call(profileEndpoints.setLanguage, { body: { locale } });
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, set once; no cookie library for it
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  window.location.reload();
}

/**
 * The other language by its own name, in its own language and direction (a screen reader speaks it
 * so), never translated.
 */
export function LanguageName({ locale }: { locale: Locale }) {
  return (
    <span lang={locale} dir={directionOf(locale)} translate="no">
      {LANGUAGE_NAMES[locale]}
    </span>
  );
}

/** A visitor's switch to the other language (the landing and sign-in pages): "עברית" on an English page. */
export function LanguageSwitch({ className }: { className?: string }) {
  const [switching, setSwitching] = useState(false);
  const other = otherLocale();
  return (
    <button
      type="button"
      disabled={switching}
      onClick={() => {
        setSwitching(true);
        void chooseLanguage(other, false);
      }}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-sage-700 transition-colors hover:bg-parchment hover:text-sage-800 disabled:opacity-60",
        className,
      )}
    >
      <Languages className="size-4" aria-hidden="true" />
      <LanguageName locale={other} />
    </button>
  );
}
