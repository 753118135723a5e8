import { ArrowLeft, Gift, HeartHandshake } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { DONATION_DEFAULT, DONATION_MIN, DONATION_PRESETS } from "~/core/constants";
import { formatDollars } from "~/core/format";
import { givingEndpoints } from "~/core/giving/endpoints";
import { paymentsEndpoints } from "~/core/payments/endpoints";
import { donationAmount, PAYMENT_MESSAGES } from "~/core/payments/schemas";
import { IconTile } from "~/web/components/icon-tile";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { useEndpointMutation } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifySuccess } from "~/web/lib/notify";
import { publicConfig } from "~/web/lib/public-config";
import { toast } from "~/web/lib/toast";
import { PaymentForm } from "./payment-form";
import { paymentsConfigured } from "./payments-config";
import { PaymentsUnavailable } from "./payments-unavailable";

/** SPEC §5: non-numeric input counts as 0. */
const toAmount = (text: string) => {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
};

const money = (amount: number) =>
  Number.isInteger(amount) ? formatDollars(amount) : `$${amount.toFixed(2)}`;

interface Checkout {
  amount: number;
  clientSecret: string;
  /** A monthly gift (a subscription of her amount) rather than a one-time donation. */
  monthly: boolean;
}

/** SPEC §2.19: choose an amount, once or monthly, then pay with the card form. */
export default function DonatePage() {
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [thanked, setThanked] = useState<Checkout | null>(null);

  return (
    <div className="mx-auto max-w-2xl">
      <header className="mb-8 text-center">
        <IconTile
          icon={HeartHandshake}
          className="mx-auto flex size-14 rounded-2xl bg-clay-100 text-clay-700"
          iconClassName="size-7"
        />
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t("Give to the Ministry")}</h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted">
          {t(
            "Every gift keeps the teaching free, the prayer wall open and the groups growing for women everywhere in the {siteName}.",
            { siteName: publicConfig.siteName },
          )}
        </p>
      </header>

      <Card className="p-5 sm:p-8">
        {!paymentsConfigured() ? (
          <PaymentsUnavailable>
            {t("Online giving will open here soon. Thank you for your generous heart.")}
          </PaymentsUnavailable>
        ) : checkout ? (
          <>
            <button
              type="button"
              onClick={() => setCheckout(null)}
              className="mb-4 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-sage-700 underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t("Change amount")}
            </button>
            <h2 className="font-sans text-xl font-bold">
              {checkout.monthly
                ? t("Your monthly gift of {amount}", { amount: money(checkout.amount) })
                : t("Your gift of {amount}", { amount: money(checkout.amount) })}
            </h2>
            <p className="mt-1 mb-5 text-sm text-muted">
              {checkout.monthly
                ? t(
                    "Given each month until you stop it from your profile. You'll receive a receipt by e-mail every month.",
                  )
                : t("A one-time donation. You'll receive a receipt by e-mail.")}
            </p>
            <PaymentForm
              clientSecret={checkout.clientSecret}
              submitLabel={
                checkout.monthly
                  ? t("Give {amount} monthly", { amount: money(checkout.amount) })
                  : t("Donate {amount}", { amount: money(checkout.amount) })
              }
              onPaid={() => {
                notifySuccess(
                  t(PAYMENT_MESSAGES.donationThanks),
                  t("{thanks} Thank you for your generosity!", { thanks: thanks(checkout) }),
                );
                setThanked(checkout);
                setCheckout(null);
              }}
            />
          </>
        ) : (
          <>
            {thanked !== null && (
              <p
                role="status"
                className="mb-6 flex items-center gap-2 rounded-xl bg-sage-50 p-4 font-medium text-sage-800"
              >
                <Gift className="size-5 shrink-0" aria-hidden="true" />
                {t("Thank you! {thanks}", { thanks: thanks(thanked) })}
              </p>
            )}
            <AmountForm onReady={setCheckout} />
          </>
        )}
      </Card>
    </div>
  );
}

const thanks = ({ amount, monthly }: Checkout) =>
  monthly
    ? t("Your monthly gift of {amount} has begun.", { amount: money(amount) })
    : t("Your gift of {amount} was received.", { amount: money(amount) });

function AmountForm({ onReady }: { onReady: (checkout: Checkout) => void }) {
  const customId = useId();
  const [preset, setPreset] = useState<number>(DONATION_DEFAULT);
  const [custom, setCustom] = useState("");
  const [monthly, setMonthly] = useState(false);
  const amount = custom.trim() !== "" ? toAmount(custom) : preset;
  const valid = donationAmount.safeParse(amount).success;

  const ready = (value: number, isMonthly: boolean) => (data: { clientSecret: string | null }) => {
    if (data.clientSecret) onReady({ amount: value, clientSecret: data.clientSecret, monthly: isMonthly });
    else
      toast({
        title: t("Error"),
        description: t(PAYMENT_MESSAGES.donationSetupFailed),
        variant: "destructive",
      });
  };
  const failure = {
    title: t("Error"),
    description: t(PAYMENT_MESSAGES.donationSetupFailed),
    preferServerMessage: true,
  };
  const once = useEndpointMutation(paymentsEndpoints.donate, {
    input: (value: number) => ({
      body: { amount: value, description: `Donation to ${publicConfig.siteName}` },
    }),
    onSuccess: (data, value) => ready(value, false)(data),
    failure,
  });
  const everyMonth = useEndpointMutation(givingEndpoints.createRecurringGift, {
    input: (value: number) => ({ body: { amount: value } }),
    onSuccess: (data, value) => ready(value, true)(data),
    failure,
  });
  const setup = monthly ? everyMonth : once;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = donationAmount.safeParse(amount);
    if (!checked.success) {
      toast({
        title: t(PAYMENT_MESSAGES.invalidAmount),
        // The schema's English messages, in her language.
        description: translateKnown(
          amount < DONATION_MIN ? PAYMENT_MESSAGES.amountMin : (checked.error.issues[0]?.message ?? ""),
        ),
        variant: "destructive",
      });
      return;
    }
    setup.mutate(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="font-sans text-xl font-bold">{t("Choose an amount")}</legend>
        <div className="mt-4 grid grid-cols-3 gap-3">
          {DONATION_PRESETS.map((value) => {
            const selected = custom.trim() === "" && preset === value;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={selected}
                onClick={() => {
                  setPreset(value);
                  setCustom("");
                }}
                className={cn(
                  "h-16 rounded-2xl border-2 font-display text-2xl font-semibold transition-colors",
                  selected
                    ? "border-sage-600 bg-sage-50 text-sage-800"
                    : "border-linen bg-white text-ink hover:border-sage-300 hover:bg-sage-50/50",
                )}
              >
                {formatDollars(value)}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold text-ink">{t("How often")}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 rounded-full bg-parchment p-1">
          {[
            { label: t("One time"), value: false },
            { label: t("Monthly"), value: true },
          ].map((option) => (
            <button
              key={String(option.value)}
              type="button"
              aria-pressed={monthly === option.value}
              onClick={() => setMonthly(option.value)}
              className={cn(
                "h-10 rounded-full text-sm font-semibold transition-colors",
                monthly === option.value ? "bg-white text-sage-800 shadow-sm" : "text-muted hover:text-ink",
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
        {monthly && (
          <p className="mt-2 text-sm text-muted">
            {t("Given each month until you stop it. You can stop it any time from your profile.")}
          </p>
        )}
      </fieldset>

      <div className="mt-6 space-y-1.5">
        <label htmlFor={customId} className="block text-sm font-semibold text-ink">
          {t("Or enter a custom amount")}
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 start-3.5 -translate-y-1/2 text-muted"
          >
            $
          </span>
          <Input
            id={customId}
            type="number"
            inputMode="decimal"
            min={DONATION_MIN}
            step={0.01}
            placeholder={t("Other amount")}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            className="ps-7"
            aria-describedby={`${customId}-hint`}
          />
        </div>
        <p id={`${customId}-hint`} className="text-sm text-muted">
          {t("Minimum {amount}.", { amount: formatDollars(DONATION_MIN) })}
        </p>
      </div>

      <Button type="submit" size="lg" className="mt-8 w-full" disabled={setup.isPending}>
        {setup.isPending
          ? t("Preparing...")
          : valid
            ? monthly
              ? t("Continue with {amount} a month", { amount: money(amount) })
              : t("Continue with {amount}", { amount: money(amount) })
            : t("Continue to Payment")}
      </Button>
    </form>
  );
}
