import { useMutation } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type BillingPortalResponse, PAYMENT_MESSAGES } from "~/core/schemas/payments";
import { Button, type ButtonVariant } from "~/web/components/ui/button";
import { apiRequest } from "~/web/lib/api";
import { notifyError } from "~/web/lib/notify";
import { paymentsConfigured } from "./payments-config";

/** Opens Stripe's customer portal, where a patron updates her card or cancels. */
export function ManageSubscriptionButton({
  variant = "primary",
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const portal = useMutation({
    mutationFn: () => apiRequest<BillingPortalResponse>("POST", "/api/billing-portal"),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) =>
      notifyError(
        err,
        { title: "Error", description: "We couldn't open your subscription settings. Please try again." },
        { preferServerMessage: true },
      ),
  });

  if (!paymentsConfigured()) {
    return (
      <p className="text-sm text-muted">
        {PAYMENT_MESSAGES.notConfigured} Subscriptions can't be managed here for now.
      </p>
    );
  }
  return (
    <Button
      variant={variant}
      className={className}
      onClick={() => portal.mutate()}
      disabled={portal.isPending}
    >
      {portal.isPending ? "Opening..." : "Manage Subscription"}
      <ExternalLink aria-hidden="true" />
    </Button>
  );
}
