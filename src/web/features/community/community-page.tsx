import { CalendarDays, HandHeart, Users } from "lucide-react";
import { useSearchParams } from "wouter";
import { PageHeader } from "~/web/components/page-header";
import { EmptyState } from "~/web/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/web/components/ui/tabs";
import { GroupsTab } from "./groups-tab";
import { PrayerWall } from "./prayer-wall";

const TABS = ["prayer-wall", "groups", "events"] as const;
type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = "prayer-wall";

export default function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : DEFAULT_TAB;
  const select = (value: string) => setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true });

  return (
    <>
      <PageHeader
        title="Community"
        description="Pray for one another, find your people, and grow together."
      />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Community">
          <TabsTrigger value="prayer-wall">
            <HandHeart className="size-4" aria-hidden="true" /> Prayer Wall
          </TabsTrigger>
          <TabsTrigger value="groups">
            <Users className="size-4" aria-hidden="true" /> Groups
          </TabsTrigger>
          <TabsTrigger value="events">
            <CalendarDays className="size-4" aria-hidden="true" /> Events
          </TabsTrigger>
        </TabsList>
        <TabsContent value="prayer-wall">
          <PrayerWall />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsTab />
        </TabsContent>
        <TabsContent value="events">
          <EmptyState icon={CalendarDays} title="No events scheduled">
            Retreats, online gatherings and feast celebrations will be announced here. Check back soon.
          </EmptyState>
        </TabsContent>
      </Tabs>
    </>
  );
}
