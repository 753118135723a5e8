import { intercessorsEndpoints as api } from "~/core/intercessors/endpoints";
import { PRAYER_LIST_PAGE_SIZE } from "~/core/intercessors/limits";
import { keyOf, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

/** The patrons' requests, newest first, a page at a time; asked for only by those who may read them. */
export const usePrayerList = (enabled: boolean) =>
  usePagedList(api.prayerList, {}, PRAYER_LIST_PAGE_SIZE, { enabled });

/** "Prayed this week": the list is read again, so the count of intercessors is the server's. */
export const useMarkPrayed = (patronName: string) =>
  useEndpointMutation(api.prayed, {
    input: (requestId: number) => ({ params: { requestId } }),
    success: {
      title: t("Thank you for praying"),
      // "Anonymous" is the server's stand-in for a patron who shared anonymously: she is "She".
      description:
        patronName === "Anonymous"
          ? t("She will hear that the intercessors prayed for her this week.")
          : t("{name} will hear that the intercessors prayed for her this week.", { name: patronName }),
    },
    failure: {
      title: t("Error"),
      description: t("Failed to mark this request prayed. Please try again."),
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.prayerList)],
  });
