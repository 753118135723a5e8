import { givingEndpoints as api } from "~/core/giving/endpoints";
import { GIVING_MESSAGES } from "~/core/giving/schemas";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

/** Her payments in one calendar year, with the total and the ministry's details. */
export const useGiving = (year: number) => useEndpoint(api.giving, { query: { year } });

export const useRecurringGifts = () => useEndpoint(api.recurringGifts, undefined);

export const useStopRecurringGift = (onStopped: () => void) =>
  useEndpointMutation(api.stopRecurringGift, {
    input: (id: string) => ({ params: { id } }),
    success: { title: t(GIVING_MESSAGES.giftStopped), description: t("Thank you for all you have given.") },
    failure: {
      title: t("Error"),
      description: t("Your monthly gift could not be stopped. Please try again."),
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.recurringGifts, undefined)],
    onSuccess: onStopped,
  });
