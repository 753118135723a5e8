import { CalendarDays, HandHeart, Users } from "lucide-react";
import { PageHeader } from "~/web/components/page-header";
import { TabbedPage } from "~/web/components/tabbed-page";
import { EventsTab } from "~/web/features/events";
import { GroupsTab } from "~/web/features/groups";
import { PrayerWall } from "~/web/features/prayer";
import { t } from "~/web/lib/i18n";

export default function CommunityPage() {
  return (
    <>
      <PageHeader
        title={t("Community")}
        description={t("Pray for one another, find your people, and grow together.")}
      />
      <TabbedPage
        label={t("Community")}
        sections={[
          { value: "prayer-wall", icon: HandHeart, label: t("Prayer Wall"), content: <PrayerWall /> },
          { value: "groups", icon: Users, label: t("Groups"), content: <GroupsTab /> },
          { value: "events", icon: CalendarDays, label: t("Events"), content: <EventsTab /> },
        ]}
      />
    </>
  );
}
