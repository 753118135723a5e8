import { formatCents, formatShortDate } from "~/core/format";
import type { GivingPayment } from "~/core/giving/schemas";
import type { MessageId } from "~/core/i18n";
import { Badge } from "~/web/components/ui/badge";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";

// The receipt number has a column of its own on wider screens and on paper, under "For" on phones.
const RECEIPT_COLUMN = "max-sm:hidden print:table-cell";
const COLUMNS: Array<{ label: MessageId; className: string }> = [
  { label: "Date", className: "pe-3 text-start" },
  { label: "For", className: "pe-3 text-start" },
  { label: "Receipt", className: `pe-3 text-start ${RECEIPT_COLUMN}` },
  { label: "Amount", className: "text-end" },
];

/**
 * Her payments of a year as a table (date, what, receipt, amount), refunded ones struck through and
 * marked, with the total of the rest. The profile and the printable statement share it.
 */
export function GivingTable({
  payments,
  total,
  year,
  className,
}: {
  payments: GivingPayment[];
  total: number;
  year: number;
  className?: string;
}) {
  const currency = payments[0]?.currency ?? "usd";
  return (
    <table className={cn("w-full text-start text-sm", className)}>
      <caption className="sr-only">{t("Your gifts and payments in {year}", { year })}</caption>
      <thead className="border-b border-linen text-xs font-bold tracking-wide text-muted uppercase">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.label} scope="col" className={cn("py-2", column.className)}>
              {t(column.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id} className="border-b border-linen/70 align-top">
            <td className="py-2.5 pe-3 whitespace-nowrap">{formatShortDate(p.paidAt)}</td>
            <td className="py-2.5 pe-3">
              {translateKnown(p.description)}
              <span className="block text-xs text-muted sm:hidden print:hidden">{p.receiptNumber}</span>
              {p.refundedAt && (
                <Badge tone="gray" className="ms-2">
                  {t("Refunded")}
                </Badge>
              )}
            </td>
            <td className={cn("py-2.5 pe-3 whitespace-nowrap text-muted", RECEIPT_COLUMN)}>
              {p.receiptNumber}
            </td>
            <td
              className={cn("py-2.5 text-end whitespace-nowrap tabular-nums", p.refundedAt && "line-through")}
            >
              {formatCents(p.amountCents, p.currency)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="pt-3 pe-3 text-start font-bold">
            {t("Total given in {year}", { year })}
          </th>
          <td className={RECEIPT_COLUMN} />
          <td className="pt-3 text-end font-bold whitespace-nowrap tabular-nums">
            {formatCents(total, currency)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
