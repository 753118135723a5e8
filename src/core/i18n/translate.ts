/**
 * Translating the interface's messages, on the server and in the browser alike: `t("Share a prayer
 * request")`. The English text is the message's key; in English it is the message itself, and only
 * the messages with placeholders or plurals are compiled (`{count, plural, one {# reply} other {#
 * replies}}`). Lingui formats them (ICU MessageFormat, plural rules by `Intl.PluralRules`: Hebrew's
 * one, two and other).
 *
 * Which language a call is in comes from the translation context: the browser's page is in one language
 * for its life (a switch reloads it), the server sets one per request it renders or mail it writes.
 * Call `t` when the text is needed (in a render, a handler), never at a module's top level.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { MessageId } from "./catalogue";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export type { MessageId } from "./catalogue";

export type MessageValues = Record<string, string | number | null | undefined>;

/**
 * One language's translator. A message missing from its catalogue is its English key: English needs
 * no catalogue but its compiled ICU messages.
 */
export function createTranslator(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
}

let english: I18n | undefined;
let context: () => I18n = () => {
  english ??= createTranslator(DEFAULT_LOCALE, {});
  return english;
};

/** Sets where the current translator comes from (the browser's page, the server's request). */
export function setTranslationContext(source: () => I18n) {
  context = source;
}

/** The translator of the current page, render or mail. */
export const currentTranslator = () => context();

/** The language of the current page, render or mail. */
export const currentLocale = () => context().locale as Locale;

/**
 * A message with placeholders or plurals as the browser's build passes it: its key and its English
 * compiled (vite.config.ts, `inlineEnglish`), so each page carries the English it uses and no
 * catalogue. Written in the code as the plain string.
 */
interface InlineMessage {
  id: string;
  en: Messages[string];
}

/** The key of a message as the code or the build passes it, the English taken in on first use. */
export function keyOf(i18n: I18n, id: string | InlineMessage): string {
  if (typeof id === "string") return id;
  if (i18n.locale === DEFAULT_LOCALE && !(id.id in i18n.messages))
    i18n.load(DEFAULT_LOCALE, { [id.id]: id.en });
  return id.id;
}

/** The message in the current language, its placeholders filled. */
export function t(id: MessageId, values?: MessageValues): string {
  const i18n = context();
  return i18n._(keyOf(i18n, id as string | InlineMessage), values);
}

/**
 * A message whose key is chosen at run time (a category's label, a validation message from a
 * schema): translated when the catalogue has it, else shown as it is.
 */
export function translateKnown(text: string, values?: MessageValues): string {
  return context()._(text, values);
}

/** Whether an English message needs compiling: it has placeholders, plurals or tags. */
export const isIcuMessage = (id: string) => /[{<]/.test(id);
