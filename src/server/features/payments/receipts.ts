import { formatCents, formatUtcDay } from "../../../core/format";
import {
  localReceiptNumber,
  PAYMENT_KIND_LABELS,
  type PaymentKind,
  paymentLabel,
} from "../../../core/giving/schemas";
import { isLocale } from "../../../core/i18n";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { inLocale } from "../../i18n";
import { receiptMail } from "../../mail/templates";
import type { OutgoingMail } from "../../mail/transport";
import * as q from "./queries";

/** "November 26, 2026", in UTC as statements count years (the server's zone is no member's). */
const utcDate = (d: Date) => formatUtcDay(d, { long: true });

/** What a payment was for, as the statement names it (in English: the API's words). */
export const paymentDescription = (row: { kind: PaymentKind; courseTitle: string | null }) =>
  row.kind === "course" && row.courseTitle
    ? `${PAYMENT_KIND_LABELS.course}: ${row.courseTitle}`
    : PAYMENT_KIND_LABELS[row.kind];

/** Donations and monthly gifts are gifts; patronage and courses are payments for something. */
export const isGift = (kind: PaymentKind) => kind === "donation" || kind === "recurring_gift";

/**
 * The receipt mail for a recorded payment, written when its job runs (dates in UTC, as statements
 * count years). Null when the payment has no member any more: nobody to send it to.
 */
export async function receiptMailFor(
  db: Db,
  config: AppConfig,
  paymentId: number,
): Promise<OutgoingMail | null> {
  const row = await q.receiptOf(db, paymentId);
  if (!row) return null;
  // Written when its job runs: in her language, not the job's.
  const locale = isLocale(row.locale) ? row.locale : config.defaultLanguage;
  const rendered = inLocale(locale, () =>
    receiptMail({
      siteName: config.siteName,
      siteUrl: config.publicUrl,
      firstName: row.firstName,
      // Her receipt's words in the language it is written in.
      receiptNumber: localReceiptNumber(row.id),
      amount: formatCents(row.amountCents, row.currency),
      date: utcDate(row.paidAt),
      description: paymentLabel(row.kind, row.courseTitle),
      gift: isGift(row.kind),
      ministry: config.ministry,
      givingUrl: `${config.publicUrl}/profile/giving/${row.paidAt.getUTCFullYear()}`,
    }),
  );
  return { to: row.email, ...rendered };
}
