import { CalendarDays, HandHeart, Users } from "lucide-react";
import { PageHeader } from "~/web/components/page-header";
import { TabbedPage } from "~/web/components/tabbed-page";
import { EmptyState } from "~/web/components/ui/empty-state";
import { GroupsTab } from "./groups-tab";
import { PrayerWall } from "./prayer-wall";

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
          {
            value: "prayer-wall",
            label: (
              <>
                <HandHeart className="size-4" aria-hidden="true" /> Prayer Wall
              </>
            ),
            content: <PrayerWall />,
          },
          {
            value: "groups",
            label: (
              <>
                <Users className="size-4" aria-hidden="true" /> Groups
              </>
            ),
            content: <GroupsTab />,
          },
          {
            value: "events",
            label: (
              <>
                <CalendarDays className="size-4" aria-hidden="true" /> Events
              </>
            ),
            content: (
              <EmptyState icon={CalendarDays} title="No events scheduled">
                Retreats, online gatherings and feast celebrations will be announced here. Check back soon.
              </EmptyState>
            ),
          },
        ]}
      />
    </>
  );
}
