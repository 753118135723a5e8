import { CalendarDays, HandHeart, Users } from "lucide-react";
import { PageHeader } from "~/web/components/page-header";
import { TabbedPage } from "~/web/components/tabbed-page";
import { EventsTab } from "~/web/features/events";
import { GroupsTab } from "~/web/features/groups";
import { PrayerWall } from "~/web/features/prayer";

export default function CommunityPage() {
  return (
    <>
      <PageHeader
        title="Community"
        description="Pray for one another, find your people, and grow together."
      />
      <TabbedPage
        label="Community"
        sections={[
          { value: "prayer-wall", icon: HandHeart, label: "Prayer Wall", content: <PrayerWall /> },
          { value: "groups", icon: Users, label: "Groups", content: <GroupsTab /> },
          { value: "events", icon: CalendarDays, label: "Events", content: <EventsTab /> },
        ]}
      />
    </>
  );
}
