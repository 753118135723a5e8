import { Check, Crown, HeartHandshake, Sprout } from "lucide-react";
import { Link } from "wouter";
import { PATRON_PLAN_NAME } from "~/core/constants";
import { formatLongDate } from "~/core/format";
import type { Profile } from "~/core/profile/schemas";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ManageSubscriptionButton, PATRON_BENEFITS, PatronBenefitList } from "~/web/features/payments";
import { t, translateKnown } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { GivingCard } from "./giving-card";

/**
 * Her plan, the way up for free members; for a patron, "Your patronage": since when, what it gives
 * her, and the customer portal.
 */
export function MembershipTab({ profile }: { profile: Profile }) {
  const patron = profile.membershipTier === "premium";
  return (
    <div className="grid gap-6 md:grid-cols-[1.4fr_1fr]">
      <Card className="relative overflow-hidden p-5 sm:p-7">
        <span
          className={
            patron
              ? "flex size-12 items-center justify-center rounded-2xl bg-gold-100 text-gold-700"
              : "flex size-12 items-center justify-center rounded-2xl bg-sage-100 text-sage-700"
          }
        >
          {patron ? (
            <Crown className="size-6" aria-hidden="true" />
          ) : (
            <Sprout className="size-6" aria-hidden="true" />
          )}
        </span>
        {patron ? (
          <>
            <h2 className="mt-4 font-sans text-xl font-bold">{t("Your patronage")}</h2>
            <p className="mt-1 font-semibold text-ink">
              {t("Current Plan: {plan}", { plan: translateKnown(PATRON_PLAN_NAME) })}
              {profile.patronSince && (
                <span className="font-normal text-muted">
                  {" "}
                  {t("· since {date}", { date: formatLongDate(profile.patronSince) })}
                </span>
              )}
            </p>
            <p className="mt-2 text-muted">
              {t("Thank you for standing with this ministry. Here is what your patronage gives you:")}
            </p>
            <PatronBenefitList className="mt-4" />
            <div className="mt-5">
              {profile.hasBillingAccount ? (
                <>
                  <p className="mb-3 text-sm text-muted">
                    {t("Update your card, see your receipts or change your plan in Stripe's secure portal.")}
                  </p>
                  <ManageSubscriptionButton />
                </>
              ) : (
                <p className="text-sm text-muted">
                  {t(
                    "Your patron membership was arranged with the ministry directly. Please contact us to change it.",
                  )}
                </p>
              )}
            </div>
          </>
        ) : (
          <>
            <h2 className="mt-4 font-sans text-xl font-bold">{t("Current Plan: Free Member")}</h2>
            <p className="mt-2 text-muted">
              {t(
                "Everything you need to grow is free. Become a patron for {price} a month to sustain the ministry and receive a little more:",
                { price: publicConfig.patronPriceText },
              )}
            </p>
            <ul className="mt-4 space-y-2">
              {PATRON_BENEFITS.map(({ title: perk }) => (
                <li key={perk} className="flex items-center gap-2 text-ink">
                  <Check className="size-4 text-sage-600" aria-hidden="true" />
                  {translateKnown(perk)}
                </li>
              ))}
            </ul>
            <Link href="/subscribe" className={buttonClass("accent", "md", "mt-6")}>
              <Crown aria-hidden="true" />
              {t("Upgrade")}
            </Link>
          </>
        )}
      </Card>

      <Card className="flex flex-col p-5 sm:p-7">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-clay-100 text-clay-700">
          <HeartHandshake className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 font-sans text-xl font-bold">{t("Give a gift")}</h2>
        <p className="mt-2 flex-1 text-muted">
          {t("A one-time or monthly gift of any amount helps keep the teaching free for every woman.")}
        </p>
        <Link href="/donate" className={buttonClass("outline", "md", "mt-6 self-start")}>
          {t("Make a Donation")}
        </Link>
      </Card>

      <GivingCard memberSince={profile.createdAt} />
    </div>
  );
}
