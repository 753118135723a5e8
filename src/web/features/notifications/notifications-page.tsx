import { BellOff, CheckCheck, Inbox, SlidersHorizontal } from "lucide-react";
import { LoadMore } from "~/web/components/card-grid";
import { NotificationLink, useMarkRead, useUnreadCount } from "~/web/components/notification-bell";
import { PageHeader } from "~/web/components/page-header";
import { TabbedPage } from "~/web/components/tabbed-page";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";
import { useNotifications } from "./api";
import { DevicePush } from "./device-push";
import { PreferencesForm } from "./preferences-form";

/** /notifications: everything she has been told, and how she wants to hear of it. */
export default function NotificationsPage() {
  return (
    <>
      <PageHeader
        title={t("Notifications")}
        description={t("Prayers, answers and news from your community, and how you'd like to hear of them.")}
      />
      <TabbedPage
        label={t("Notifications sections")}
        sections={[
          { value: "all", icon: Inbox, label: t("All notifications"), content: <NotificationList /> },
          {
            value: "preferences",
            icon: SlidersHorizontal,
            label: t("Preferences"),
            content: (
              <>
                <DevicePush />
                <PreferencesForm />
              </>
            ),
          },
        ]}
      />
    </>
  );
}

function NotificationList() {
  const list = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const anyUnread = (unread.data?.count ?? 0) > 0 || Boolean(list.data?.some((n) => n.readAt === null));
  return (
    <section aria-label={t("Your notifications")} aria-busy={list.isFetching} className="mt-6 max-w-3xl">
      {list.isPending ? (
        <Card className="divide-y divide-linen">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="space-y-2 px-5 py-4">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-24" />
            </div>
          ))}
        </Card>
      ) : list.isError ? (
        <ErrorState
          message={t("We couldn't load your notifications just now. Please try again.")}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState icon={BellOff} title={t("No notifications yet")}>
          {t(
            "When someone prays for your request, answers you, or welcomes you into a group, you'll find it here.",
          )}
        </EmptyState>
      ) : (
        <>
          <div className="mb-3 flex justify-end">
            <Button
              variant="outline"
              size="sm"
              disabled={!anyUnread || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              <CheckCheck aria-hidden="true" /> {t("Mark all as read")}
            </Button>
          </div>
          <Card className="overflow-hidden p-0">
            <ul className="divide-y divide-linen">
              {list.data.map((n) => (
                <li key={n.id}>
                  <NotificationLink notification={n} />
                </li>
              ))}
            </ul>
          </Card>
          <LoadMore list={list} className="mt-6" />
        </>
      )}
    </section>
  );
}
