import { BookHeart, Compass, Users } from "lucide-react";
import { useSearchParams } from "wouter";
import { PageHeader } from "~/web/components/page-header";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/web/components/ui/tabs";
import { ConnectionCard } from "./connection-card";
import { useConnections } from "./discipleship-api";
import { MentorshipForm } from "./mentorship-form";
import { Resources } from "./resources";

const TABS = ["connections", "find", "resources"] as const;
type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = "connections";

export default function DiscipleshipPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : DEFAULT_TAB;
  const select = (value: string) => setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true });

  return (
    <>
      <PageHeader
        title="Discipleship Hub"
        description="Find a mentor, become one, and grow together in faith, one faithful conversation at a time."
      />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Discipleship">
          <TabsTrigger value="connections">
            <Users className="hidden size-4 sm:block" aria-hidden="true" /> My Connections
          </TabsTrigger>
          <TabsTrigger value="find">
            <Compass className="hidden size-4 sm:block" aria-hidden="true" /> Find Mentorship
          </TabsTrigger>
          <TabsTrigger value="resources">
            <BookHeart className="hidden size-4 sm:block" aria-hidden="true" /> Resources
          </TabsTrigger>
        </TabsList>
        <TabsContent value="connections">
          <Connections onFind={() => select("find")} />
        </TabsContent>
        <TabsContent value="find">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
            <MentorshipForm onSubmitted={() => select("connections")} />
            <div className="rounded-[var(--radius-card)] border border-sage-100 bg-sage-50 p-6">
              <h2 className="font-sans text-sm font-bold tracking-wide text-sage-800 uppercase">
                How matching works
              </h2>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed text-muted">
                <li>Tell us where you are in your walk and what you'd like to grow in.</li>
                <li>As soon as a mentor and a mentee share a focus area, we connect them.</li>
                <li>The mentor accepts, and you plan your first conversation.</li>
                <li>When your season together ends, either of you marks it completed.</li>
              </ol>
            </div>
          </div>
        </TabsContent>
        <TabsContent value="resources">
          <Resources />
        </TabsContent>
      </Tabs>
    </>
  );
}

function Connections({ onFind }: { onFind: () => void }) {
  const connections = useConnections();
  if (connections.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your connections
        </span>
        {[0, 1].map((i) => (
          <Card key={i} className="space-y-4 p-6">
            <div className="flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-28" />
              </div>
            </div>
            <Skeleton className="h-5 w-36 rounded-full" />
            <Skeleton className="h-4 w-full" />
          </Card>
        ))}
      </div>
    );
  }
  if (connections.isError) {
    return (
      <ErrorState
        message="We couldn't load your connections just now. Please try again."
        onRetry={() => void connections.refetch()}
      />
    );
  }
  if (connections.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No connections yet"
        action={<Button onClick={onFind}>Find Mentorship</Button>}
      >
        Ask for a mentor or offer to mentor: we'll connect you with a sister who shares your focus.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="My connections">
      {connections.data.map((c) => (
        <li key={`${c.kind}-${c.id}`} className="flex">
          <div className="flex-1 [&>*]:h-full">
            <ConnectionCard connection={c} />
          </div>
        </li>
      ))}
    </ul>
  );
}
