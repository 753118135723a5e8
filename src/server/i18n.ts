/**
 * The server's languages: the translators (the catalogues compiled once, at start), which language a
 * request is in, and `inLocale` for the mail and notices written in a member's language.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { I18n } from "@lingui/core";
import type { FastifyRequest } from "fastify";
import {
  chooseLocale,
  createTranslator,
  LANGUAGE_COOKIE,
  LOCALES,
  type Locale,
  setTranslationContext,
} from "../core/i18n";
import { compiledCatalogue } from "../core/i18n/compile";
import type { AppConfig } from "./config";

const translators = new Map<Locale, I18n>(
  LOCALES.map((locale) => [locale, createTranslator(locale, compiledCatalogue(locale))]),
);
export const translatorFor = (locale: Locale) => translators.get(locale)!;

const scope = new AsyncLocalStorage<I18n>();
setTranslationContext(() => scope.getStore() ?? translators.get("en")!);

/** Runs `work` with `t` in `locale` (a mail to her, a notice): its awaits stay in that language. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return scope.run(translatorFor(locale), work);
}

/**
 * The rest of the current request in `locale`: what the API writes with `t` (a refusal naming a
 * number, a notice) is in the asker's language. Set once per request, before its handler runs.
 */
export function enterLocale(locale: Locale) {
  scope.enterWith(translatorFor(locale));
}

/** The language a request's page is in: hers if she chose, the visitor's switch, the browser's, the ministry's. */
export function localeOfRequest(
  request: FastifyRequest,
  config: Pick<AppConfig, "defaultLanguage">,
  chosen?: Locale | null,
): Locale {
  return chooseLocale({
    profile: chosen,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers["accept-language"],
    fallback: config.defaultLanguage,
  });
}

/** The language switch's cookie: read by the server (the page's language), kept a year. */
export const languageCookieOptions = (config: Pick<AppConfig, "secureCookies">) => ({
  path: "/",
  sameSite: "lax" as const,
  secure: config.secureCookies,
  httpOnly: false,
  maxAge: 365 * 24 * 60 * 60,
});
