/**
 * The Hebrew catalogue (he.json): each message of the interface, keyed by its English text (the
 * English is in the code, where it is used). A message used in the code and missing there fails the
 * type check and the build (scripts/check-messages.mjs).
 */
import type hebrew from "./he.json";

/** A message of the interface: its English text, with ICU placeholders and plurals where it has them. */
export type MessageId = keyof typeof hebrew & string;
