import { HeartHandshake, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { formatDollars } from "~/core/format";
import { PaymentForm } from "~/web/features/payments";
import { t } from "~/web/lib/i18n";
import { awaitEnrolment } from "./api";

/**
 * The card form for a priced course, then a calm wait: she is enrolled only when Stripe's webhook
 * says the payment succeeded, so "Enrolled Successfully" waits for her enrolment to appear
 * (`awaitEnrolment`), and the dialog closes then.
 */
export default function CourseCheckout({
  course,
  clientSecret,
  onDone,
}: {
  course: { id: number; title: string; price?: number | null };
  clientSecret: string;
  onDone: () => void;
}) {
  const [paid, setPaid] = useState(false);
  const onPaid = () => {
    setPaid(true);
    void awaitEnrolment(course).then((enrolled) => enrolled && onDone());
  };

  if (paid) {
    return (
      <div role="status" className="flex flex-col items-center px-2 py-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-sage-100 text-sage-700">
          <HeartHandshake className="size-7" aria-hidden="true" />
        </span>
        <h3 className="mt-4 font-sans text-lg font-bold">
          {t("Thank you! Your payment is being confirmed")}
        </h3>
        <p className="mt-1 max-w-sm text-muted">
          {t(
            "Stripe is confirming your payment with your bank. This usually takes a few seconds, and your course opens here as soon as it's done. You may close this window: your enrollment will appear on its own.",
          )}
        </p>
        <LoaderCircle className="mt-4 size-6 animate-spin text-sage-600" aria-hidden="true" />
      </div>
    );
  }
  // The course page knows no price: the card form then says only "Pay now".
  const price = course.price ? formatDollars(course.price) : null;
  return (
    <div className="space-y-4">
      {price && (
        <p className="flex items-baseline justify-between gap-3 rounded-2xl bg-parchment px-4 py-3">
          <span className="font-semibold">{t("One-time payment")}</span>
          <span className="font-display text-2xl font-semibold text-ink">{price}</span>
        </p>
      )}
      <PaymentForm
        clientSecret={clientSecret}
        submitLabel={price ? t("Pay {price}", { price }) : t("Pay now")}
        onPaid={onPaid}
      />
    </div>
  );
}
