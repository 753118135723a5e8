import { ExternalLink } from "lucide-react";
import { paymentsEndpoints } from "~/core/payments/endpoints";
import { PAYMENT_MESSAGES } from "~/core/payments/schemas";
import { Button, type ButtonVariant } from "~/web/components/ui/button";
import { useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { paymentsConfigured } from "./payments-config";

/** Opens Stripe's customer portal, where a patron updates her card or cancels. */
export function ManageSubscriptionButton({
  variant = "primary",
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const portal = useEndpointMutation<typeof paymentsEndpoints.billingPortal, void>(
    paymentsEndpoints.billingPortal,
    {
      input: () => ({}),
      onSuccess: ({ url }) => window.location.assign(url),
      failure: {
        title: t("Error"),
        description: t("We couldn't open your subscription settings. Please try again."),
        preferServerMessage: true,
      },
    },
  );

  if (!paymentsConfigured()) {
    return (
      <p className="text-sm text-muted">
        {t(PAYMENT_MESSAGES.notConfigured)} {t("Subscriptions can't be managed here for now.")}
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
      {portal.isPending ? t("Opening...") : t("Manage Subscription")}
      <ExternalLink aria-hidden="true" />
    </Button>
  );
}
