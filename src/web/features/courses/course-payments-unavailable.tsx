import { PaymentsUnavailable } from "~/web/features/payments";
import { t } from "~/web/lib/i18n";

/** A priced course while this site takes no payments: the card the Subscribe and Donate pages show. */
export default function CoursePaymentsUnavailable() {
  return (
    <PaymentsUnavailable>
      {t("This course can be bought here as soon as card payments are set up. Thank you for your patience.")}
    </PaymentsUnavailable>
  );
}
