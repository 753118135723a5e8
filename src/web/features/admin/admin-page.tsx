import { ShieldAlert } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { ADMIN_MESSAGES } from "~/core/schemas/admin";
import { PageHeader } from "~/web/components/page-header";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/web/components/ui/tabs";
import { AdminCoursesTab } from "~/web/features/courses";
import { AdminVideosTab } from "~/web/features/videos";
import { useAuth } from "~/web/lib/auth";
import { GroupsTab } from "./groups-tab";
import { OverviewTab } from "./overview-tab";
import { RevenueTab } from "./revenue-tab";
import { UsersTab } from "./users-tab";

/** The API reference: its own chunk, loaded with its tab. */
const ApiReferenceTab = lazy(() => import("./api-reference-tab"));

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "videos", label: "Videos" },
  { value: "users", label: "Users" },
  { value: "groups", label: "Groups" },
  { value: "revenue", label: "Revenue" },
  { value: "courses", label: "Courses" },
  { value: "api", label: "API" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** SPEC §2.20. The server decides who is an administrator and answers 403 to anyone else. */
export default function AdminPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return <AccessDenied email={user?.email} />;
  return <Dashboard />;
}

function AccessDenied({ email }: { email: string | undefined }) {
  return (
    <div className="mx-auto max-w-md py-10 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-clay-100 text-clay-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold">{ADMIN_MESSAGES.accessDenied}</h1>
      <p className="mt-2 text-muted">{ADMIN_MESSAGES.noPermission}</p>
      {email && (
        <p className="mt-4 rounded-xl bg-parchment px-4 py-3 text-sm text-muted">
          Signed in as <span className="font-semibold break-all text-ink">{email}</span>
        </p>
      )}
      <Link href="/" className={buttonClass("secondary", "md", "mt-7")}>
        Back to Home
      </Link>
    </div>
  );
}

function Dashboard() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const requested = params.get("tab");
  const tab: Tab = TABS.some((t) => t.value === requested) ? (requested as Tab) : "overview";
  const list = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls sideways: keep the open tab in sight.
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-state="active"]`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab]);

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="How the community is growing, and the tools to tend it."
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          navigate(value === "overview" ? "/admin" : `/admin?tab=${value}`, { replace: true })
        }
      >
        <TabsList ref={list} aria-label="Dashboard sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="videos">
          <LazyTab>
            <AdminVideosTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsTab />
        </TabsContent>
        <TabsContent value="revenue">
          <RevenueTab />
        </TabsContent>
        <TabsContent value="courses">
          <LazyTab>
            <AdminCoursesTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="api">
          <LazyTab>
            <ApiReferenceTab />
          </LazyTab>
        </TabsContent>
      </Tabs>
    </>
  );
}

function LazyTab({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Card className="space-y-3 p-6" aria-busy="true">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      }
    >
      {children}
    </Suspense>
  );
}
