import { useQuery } from "@tanstack/react-query";
import { Crown, Sprout } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { PATRON_PLAN_NAME } from "~/core/constants";
import { paymentsEndpoints } from "~/core/payments/endpoints";
import { PAYMENT_MESSAGES } from "~/core/payments/schemas";
import { profileEndpoints } from "~/core/profile/endpoints";
import { IconTile } from "~/web/components/icon-tile";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ApiError, isUnauthorizedError } from "~/web/lib/api";
import { USER_KEY, useAuth } from "~/web/lib/auth";
import { call, keyOf, useEndpoint } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifyError, notifySuccess } from "~/web/lib/notify";
import { publicConfig } from "~/web/lib/public-config";
import { queryClient } from "~/web/lib/query-client";
import { ManageSubscriptionButton } from "./manage-subscription";
import { PatronBenefitList } from "./patron-benefits";
import { CardFieldsSkeleton, PaymentForm } from "./payment-form";
import { paymentsConfigured } from "./payments-config";
import { PaymentsUnavailable } from "./payments-unavailable";

// As the Settings tab (or PATRON_PRICE_TEXT) puts it, e.g. "$15": the pages add "a month".
const price = publicConfig.patronPriceText;

const isAlreadyPatron = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && /already has an active subscription/.test(err.message);

/** SPEC §2.18: the patron benefits and the card form for a $15/month subscription. */
export default function SubscribePage() {
  const { user } = useAuth();
  const [paid, setPaid] = useState(false);
  const isPatron = user?.membershipTier === "premium";

  return (
    <div className="grid gap-8 lg:grid-cols-[1.1fr_1fr] lg:items-start lg:gap-12">
      <section aria-labelledby="patron-title">
        <p className="text-sm font-semibold tracking-widest text-clay-600 uppercase">{t(PATRON_PLAN_NAME)}</p>
        <h1 id="patron-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
          {isPatron || paid
            ? t("You're a {plan}", { plan: t(PATRON_PLAN_NAME) })
            : t("Become a {plan}", { plan: t(PATRON_PLAN_NAME) })}
        </h1>
        <p className="mt-3 max-w-xl text-lg text-muted">
          {t(
            "Patrons sustain the teaching, prayer and fellowship of this community, and receive a little more of it in return.",
          )}
        </p>
        <p className="mt-6 flex items-baseline gap-1.5">
          <span className="font-display text-5xl font-semibold text-sage-800">{price}</span>
          <span className="text-lg text-muted">{t("/ month")}</span>
        </p>
        <p className="mt-1 text-sm text-muted">{t("Cancel anytime from your profile.")}</p>
        <PatronBenefitList className="mt-8 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2" />
      </section>

      <Card className="p-5 sm:p-8">
        {paid ? (
          <WelcomePatron />
        ) : isPatron ? (
          <AlreadyPatron />
        ) : !paymentsConfigured() ? (
          <PaymentsUnavailable>
            {t(
              "Patron subscriptions will open here soon. Thank you for wanting to stand with this ministry.",
            )}
          </PaymentsUnavailable>
        ) : (
          <SubscriptionCheckout onPaid={() => setPaid(true)} />
        )}
      </Card>
    </div>
  );
}

function SubscriptionCheckout({ onPaid }: { onPaid: () => void }) {
  // A POST read as a query: asked once per visit, its answer the payment form's secret.
  const setup = useQuery({
    queryKey: keyOf(paymentsEndpoints.subscribe),
    queryFn: () => call(paymentsEndpoints.subscribe),
    // Each visit asks again: the server hands back the same unfinished subscription if there is one.
    gcTime: 0,
  });

  const failed = setup.isError && !isAlreadyPatron(setup.error);
  useEffect(() => {
    if (failed) {
      notifyError(setup.error, {
        title: t("Error"),
        description: t(PAYMENT_MESSAGES.subscriptionSetupFailed),
      });
    }
  }, [failed, setup.error]);

  if (setup.isPending) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={t("Preparing the payment form")}>
        <Skeleton className="h-7 w-1/2" />
        <CardFieldsSkeleton className="space-y-4" />
        <Skeleton className="h-13 w-full rounded-full" />
      </div>
    );
  }
  if (setup.isError) {
    if (isAlreadyPatron(setup.error)) return <AlreadyPatron />;
    if (isUnauthorizedError(setup.error)) return null;
    const message =
      setup.error instanceof ApiError && setup.error.status === 503 && setup.error.serverMessage
        ? translateKnown(setup.error.serverMessage)
        : t(PAYMENT_MESSAGES.subscriptionSetupFailed);
    return <ErrorState message={message} onRetry={() => void setup.refetch()} />;
  }
  if (!setup.data.clientSecret) {
    return (
      <p role="alert" className="rounded-xl bg-clay-50 p-4 font-medium text-clay-700">
        {t(PAYMENT_MESSAGES.subscriptionUnavailable)}
      </p>
    );
  }
  return (
    <>
      <h2 className="font-sans text-xl font-bold">{t("Your card")}</h2>
      <p className="mt-1 mb-5 text-sm text-muted">
        {t("{price} today, then {price} each month until you cancel.", { price })}
      </p>
      <PaymentForm
        clientSecret={setup.data.clientSecret}
        submitLabel={t("Subscribe for {price}/month", { price })}
        onPaid={() => {
          notifySuccess(
            t(PAYMENT_MESSAGES.patronWelcome),
            t("Thank you for standing with this ministry. Your patron benefits open in a moment."),
          );
          onPaid();
        }}
      />
    </>
  );
}

function AlreadyPatron() {
  // The portal needs a Stripe customer; a membership the ministry granted by hand has none.
  const profile = useEndpoint(profileEndpoints.get, undefined);
  const managedByMinistry = profile.data?.hasBillingAccount === false;
  return (
    <div className="text-center">
      <IconTile
        icon={Crown}
        className="mx-auto flex size-14 rounded-2xl bg-gold-100 text-gold-700"
        iconClassName="size-7"
      />
      <h2 className="mt-4 font-sans text-xl font-bold">
        {t("You're already a {plan}", { plan: t(PATRON_PLAN_NAME) })}
      </h2>
      <p className="mt-2 text-muted">
        {t("Thank you for your faithful support. You can update your card or change your plan at any time.")}
      </p>
      <div className="mt-6 flex flex-col items-center gap-3">
        {managedByMinistry ? (
          <p className="text-sm text-muted">
            {t(
              "Your patron membership was arranged with the ministry directly. Please contact us to change it.",
            )}
          </p>
        ) : (
          <ManageSubscriptionButton />
        )}
        <Link href="/profile?tab=membership" className={buttonClass("link", "sm")}>
          {t("See your membership")}
        </Link>
      </div>
    </div>
  );
}

/** Stripe tells us through a webhook; until it arrives the member app keeps asking, briefly. */
function WelcomePatron() {
  const { user } = useAuth();
  const premium = user?.membershipTier === "premium";
  useEffect(() => {
    if (premium) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
      if (tries >= 15) clearInterval(timer);
    }, 2000);
    return () => clearInterval(timer);
  }, [premium]);

  return (
    <div className="text-center" role="status">
      <IconTile
        icon={Sprout}
        className="mx-auto flex size-14 rounded-2xl bg-sage-100 text-sage-700"
        iconClassName="size-7"
      />
      <h2 className="mt-4 font-sans text-xl font-bold">{t(PAYMENT_MESSAGES.patronWelcome)}</h2>
      <p className="mt-2 text-muted">
        {premium
          ? t("Your patron benefits are open. Thank you for helping this garden grow.")
          : t("Your payment went through. Your patron benefits open as soon as Stripe confirms it.")}
      </p>
      <Link href="/profile?tab=membership" className={buttonClass("secondary", "md", "mt-6")}>
        {t("Go to my membership")}
      </Link>
    </div>
  );
}
