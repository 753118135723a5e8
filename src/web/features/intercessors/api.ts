import { intercessorsEndpoints as api } from "~/core/intercessors/endpoints";
import { PRAYER_LIST_PAGE_SIZE } from "~/core/intercessors/limits";
import { keyOf, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";

/** The patrons' requests, newest first, a page at a time; asked for only by those who may read them. */
export const usePrayerList = (enabled: boolean) =>
  usePagedList(api.prayerList, {}, PRAYER_LIST_PAGE_SIZE, { enabled });

/** "Prayed this week": the list is read again, so the count of intercessors is the server's. */
export const useMarkPrayed = (patronName: string) =>
  useEndpointMutation(api.prayed, {
    input: (requestId: number) => ({ params: { requestId } }),
    success: {
      title: "Thank you for praying",
      description: `${patronName === "Anonymous" ? "She" : patronName} will hear that the intercessors prayed for her this week.`,
    },
    failure: {
      title: "Error",
      description: "Failed to mark this request prayed. Please try again.",
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.prayerList)],
  });
