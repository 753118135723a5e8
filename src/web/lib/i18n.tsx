/**
 * The interface's words in her language (src/core/i18n): `t("…")` for text, `<Trans>` for a message
 * with elements inside it ("Read the <0>guidelines</0>") or React values.
 */

import type { I18n } from "@lingui/core";
import { TransNoContext } from "@lingui/react/server";
import type { ReactElement, ReactNode } from "react";
import { currentTranslator, keyOf, type MessageId, translateWith } from "~/core/i18n";

export { currentLocale, t, translateKnown } from "~/core/i18n";

export function Trans({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: Record<string, ReactNode>;
  /** The elements `<0>…</0>`, `<1/>` stand for, by number. */
  components?: Record<string, ReactElement>;
}) {
  const i18n = currentTranslator();
  // Lingui places the elements; the words are filled as `t` fills them (counts without `Intl`).
  const filling = { _: (key: string, filled?: Record<string, unknown>) => translateWith(i18n, key, filled) };
  return (
    <TransNoContext
      id={keyOf(i18n, id)}
      values={values as Record<string, unknown>}
      components={components as never}
      lingui={{ i18n: filling as unknown as I18n }}
    />
  );
}
