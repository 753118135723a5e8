/**
 * Translating the interface's messages, on the server and in the browser alike: `t("Share a prayer
 * request")`. The English text is the message's key; in English it is the message itself, and only
 * the messages with placeholders or plurals are compiled (`{count, plural, one {# reply} other {#
 * replies}}`) by Lingui. They are filled in here (`fill`), as Lingui's runtime fills them, except
 * that a count (a whole number, not negative) is written and its plural chosen by hand: the
 * platform's `Intl.PluralRules` and `Intl.NumberFormat` load their locale data on first use, a long
 * task on a phone while a page hydrates. Anything else goes to `Intl`, as Lingui does.
 *
 * Which language a call is in comes from the translation context: the browser's page is in one language
 * for its life (a switch reloads it), the server sets one per request it renders or mail it writes.
 * Call `t` when the text is needed (in a render, a handler), never at a module's top level.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { formatCount } from "../count";
import type { MessageId } from "./catalogue";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export type { MessageId } from "./catalogue";

export type MessageValues = Record<string, unknown>;

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
  return translateWith(i18n, keyOf(i18n, id as string | InlineMessage), values);
}

/**
 * A message whose key is chosen at run time (a category's label, a validation message from a
 * schema): translated when the catalogue has it, else shown as it is.
 */
export function translateKnown(text: string, values?: MessageValues): string {
  return translateWith(context(), text, values);
}

/** A compiled message: text, and placeholders as `[name]` or `[name, type, cases]`. */
type Compiled = Extract<Messages[string], unknown[]>;
type Token = Compiled[number];

/** The message `id` of `i18n`'s language, its placeholders filled (also for `<Trans>`, web/lib/i18n.tsx). */
export function translateWith(i18n: I18n, id: string, values: MessageValues | undefined): string {
  const messages = i18n.messages;
  const compiled = Object.hasOwn(messages, id) ? messages[id] : undefined;
  // Plain text, or a key the catalogue lacks (its `missing` answer), as Lingui gives them.
  const filled = Array.isArray(compiled) ? fill(compiled, values ?? {}, i18n.locale as Locale) : null;
  return filled === null ? i18n._(id, values) : withEscapesDecoded(filled);
}

/** The "#" of a plural's case until the count is written in. */
const COUNT_MARK = "\u0000#\u0000";

/** A count as `Intl.NumberFormat` writes it in English and Hebrew alike: 1,234. */
function countText(value: number, locale: Locale): string {
  return isCount(value) ? formatCount(value) : new Intl.NumberFormat(locale).format(value);
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * CLDR's cardinal plural category of a count: English one (1) and other; Hebrew one (1), two (2)
 * and other. A number that is not a count (a fraction, a negative) is asked of `Intl.PluralRules`.
 */
function pluralCategory(value: number, locale: Locale): string {
  if (!isCount(value)) return new Intl.PluralRules(locale).select(value);
  if (value === 1) return "one";
  return locale === "he" && value === 2 ? "two" : "other";
}

/**
 * Lingui's message formatting (`interpolate`), the plurals' counts and categories by hand; null for
 * a message with a placeholder of another kind (a number or a date format: no message has one),
 * which Lingui writes.
 */
function fill(tokens: Compiled, values: MessageValues, locale: Locale, inCase = false): string | null {
  let message = "";
  for (const token of tokens as Token[]) {
    if (token === "#" && inCase) {
      message += COUNT_MARK;
      continue;
    }
    if (typeof token === "string") {
      message += token;
      continue;
    }
    const [name, type, format] = token as [string, string?, Record<string, unknown>?];
    const value = values[name];
    let text: unknown = value;
    if (type === "plural" || type === "select") {
      const cases: Record<string, unknown> = {};
      for (const [key, body] of Object.entries(format ?? {})) {
        const filled = Array.isArray(body) ? fill(body as Compiled, values, locale, type === "plural") : body;
        if (filled === null) return null;
        cases[key] = filled;
      }
      if (type === "select") {
        text = (Object.hasOwn(cases, String(value)) ? cases[String(value)] : undefined) ?? cases.other;
      } else {
        const { offset = 0, ...rules } = cases as { offset?: number } & Record<string, string | undefined>;
        const count = Number(value);
        const chosen = rules[String(value)] ?? rules[pluralCategory(count - offset, locale)] ?? rules.other;
        text = chosen?.replaceAll(COUNT_MARK, countText(count - offset, locale));
      }
    } else if (type) {
      return null;
    }
    if (text == null) continue;
    message += String(text);
  }
  return message;
}

/** Escapes written in a catalogue (\u05D0, \x41), read as Lingui reads them. */
const ESCAPE = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;
const withEscapesDecoded = (text: string) =>
  text.includes("\\")
    ? text.replace(ESCAPE, (_, unicode, hex) => String.fromCharCode(parseInt(unicode ?? hex, 16)))
    : text;

/** Whether an English message needs compiling: it has placeholders, plurals or tags. */
export const isIcuMessage = (id: string) => /[{<]/.test(id);
