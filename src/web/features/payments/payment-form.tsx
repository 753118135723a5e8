import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { PaymentIntent } from "@stripe/stripe-js";
import { Lock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { PAYMENT_MESSAGES } from "~/core/payments/schemas";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";
import { toast } from "~/web/lib/toast";
import { appearance, getStripe } from "./stripe";

interface PaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  /** The payment went through without leaving the page. */
  onPaid: (intent: PaymentIntent | undefined) => void;
}

/** Stripe's Payment Element and the button that confirms the payment. */
export function PaymentForm(props: PaymentFormProps) {
  // One promise for the life of the form: Elements must not see a new one on every render.
  const [stripePromise] = useState(() => getStripe().catch(() => null));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => {
      if (live && !stripe) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripePromise]);

  if (unavailable) return <LoadFailed />;
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, appearance }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}

/** The card fields' places while Stripe's form loads: the number, then expiry and CVC side by side. */
export function CardFieldsSkeleton({ className }: { className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <Skeleton className="h-11 w-full" />
      <SkeletonGroup className="grid grid-cols-2 gap-3" shapes={["h-11", "h-11"]} />
    </div>
  );
}

function LoadFailed() {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
      {t("The secure payment form could not load. Please check your connection and reload the page.")}
    </p>
  );
}

function ConfirmForm({ submitLabel, onPaid }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [paying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Payment methods that leave the page (bank redirects) come back to the site (SPEC §7).
        confirmParams: { return_url: window.location.origin },
        redirect: "if_required",
      });
      if (error) {
        toast({
          title: t(PAYMENT_MESSAGES.paymentFailed),
          // Stripe's own words when it gives them.
          description: error.message ?? t("Your payment could not be completed. Please try again."),
          variant: "destructive",
        });
        return;
      }
      onPaid(paymentIntent);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-busy={!ready}>
      {!ready && !loadFailed && <CardFieldsSkeleton className="space-y-3" />}
      {loadFailed ? (
        <LoadFailed />
      ) : (
        <PaymentElement
          options={{ layout: "tabs" }}
          onReady={() => setReady(true)}
          onLoadError={() => setLoadFailed(true)}
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || paying}>
        <Lock aria-hidden="true" />
        {paying ? t("Processing...") : submitLabel}
      </Button>
      <p className="text-center text-sm text-muted">
        {t("Payments are processed securely by Stripe. Your card details never touch our servers.")}
      </p>
    </form>
  );
}
