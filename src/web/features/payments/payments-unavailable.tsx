import { CreditCard } from "lucide-react";
import { PAYMENT_MESSAGES } from "~/core/payments/schemas";
import { IconTile } from "~/web/components/icon-tile";
import { t } from "~/web/lib/i18n";

/** What the payment pages say when this site does not take payments. */
export function PaymentsUnavailable({ children }: { children?: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center px-2 py-6 text-center">
      <IconTile
        icon={CreditCard}
        className="flex size-14 rounded-2xl bg-gold-100 text-gold-700"
        iconClassName="size-7"
      />
      <h2 className="mt-4 font-sans text-lg font-bold">{t(PAYMENT_MESSAGES.notConfigured)}</h2>
      <p className="mt-1 max-w-sm text-muted">
        {children ??
          t("Card payments will be available here soon. Thank you for your patience and your heart to give.")}
      </p>
    </div>
  );
}
