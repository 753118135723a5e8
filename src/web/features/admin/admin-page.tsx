import { ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import { ADMIN_MESSAGES } from "~/core/admin/schemas";
import type { MessageId } from "~/core/i18n";
import { PageHeader } from "~/web/components/page-header";
import { TabbedPage, type TabSection } from "~/web/components/tabbed-page";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { AdminCoursesTab } from "~/web/features/courses";
import { loadModerationTab } from "~/web/features/moderation";
import { AdminVideosTab } from "~/web/features/videos";
import { useAuth } from "~/web/lib/auth";
import { Trans, t } from "~/web/lib/i18n";
import { type LazyPart, LazyPartPlace, lazyPart } from "~/web/lib/lazy-part";
import { GroupsTab } from "./groups-tab";
import { OverviewTab } from "./overview-tab";
import { RevenueTab } from "./revenue-tab";
import { UsersTab } from "./users-tab";

/** The API reference: its own chunk, loaded with its tab. */
const ApiReferenceTab = lazyPart(() => import("./api-reference-tab"));
/** Every event, to open, change or cancel: its own chunk, loaded with its tab. */
const EventsTab = lazyPart(() => import("./events-tab"));
/** The ministry's settings: their own chunk, loaded with their tab. */
const SettingsTab = lazyPart(() => import("./settings-tab"));
/** The moderation queue and log: their own chunk, loaded with their tab. */
const ModerationTab = lazyPart(loadModerationTab);

/** The page's sections (labels translated where shown); those with a chunk of their own load with their tab. */
const SECTIONS: (Omit<TabSection, "label"> & { label: MessageId })[] = [
  { value: "overview", label: "Overview", content: <OverviewTab /> },
  {
    value: "videos",
    label: "Videos",
    content: <LazyTab part={AdminVideosTab} />,
  },
  { value: "users", label: "Users", content: <UsersTab /> },
  { value: "groups", label: "Groups", content: <GroupsTab /> },
  { value: "events", label: "Events", content: <LazyTab part={EventsTab} /> },
  { value: "revenue", label: "Revenue", content: <RevenueTab /> },
  {
    value: "courses",
    label: "Courses",
    content: <LazyTab part={AdminCoursesTab} />,
  },
  {
    value: "moderation",
    label: "Moderation",
    content: <LazyTab part={ModerationTab} />,
  },
  {
    value: "settings",
    label: "Settings",
    content: <LazyTab part={SettingsTab} />,
  },
  {
    value: "api",
    label: "API",
    content: <LazyTab part={ApiReferenceTab} />,
  },
];

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
      <h1 className="mt-5 text-3xl font-semibold">{t(ADMIN_MESSAGES.accessDenied)}</h1>
      <p className="mt-2 text-muted">{t(ADMIN_MESSAGES.noPermission)}</p>
      {email && (
        <p className="mt-4 rounded-xl bg-parchment px-4 py-3 text-sm text-muted">
          <Trans
            id="Signed in as <0>{email}</0>"
            values={{ email }}
            components={{ 0: <span className="font-semibold break-all text-ink" /> }}
          />
        </p>
      )}
      <Link href="/" className={buttonClass("secondary", "md", "mt-7")}>
        {t("Back to Home")}
      </Link>
    </div>
  );
}

function Dashboard() {
  return (
    <>
      <PageHeader
        title={t("Admin Dashboard")}
        description={t("How the community is growing, and the tools to tend it.")}
      />
      <TabbedPage
        label={t("Dashboard sections")}
        sections={SECTIONS.map((section) => ({ ...section, label: t(section.label) }))}
      />
    </>
  );
}

function LazyTab({ part }: { part: LazyPart }) {
  return (
    <LazyPartPlace
      part={part}
      fallback={
        <Card className="space-y-3 p-6" aria-busy="true">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      }
    />
  );
}
