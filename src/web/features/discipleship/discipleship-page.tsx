import { BookHeart, Compass, Users } from "lucide-react";
import { PageHeader } from "~/web/components/page-header";
import { FormCardSkeleton, SkeletonGroup, SkeletonList } from "~/web/components/skeleton-group";
import { TabbedPage, useTabParam } from "~/web/components/tabbed-page";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";
import { LazyPartPlace, lazyPart } from "~/web/lib/lazy-part";
import { ConnectionCard } from "./connection-card";
import { useConnections } from "./discipleship-api";
import { Resources } from "./resources";

// The form and its rules (the form library, zod) load when she opens its tab, or with the page when
// it opens there: her connections come without them.
const MentorshipForm = lazyPart<{ onSubmitted: () => void }>(() =>
  import("./mentorship-form").then((m) => ({ default: m.MentorshipForm })),
);

export default function DiscipleshipPage() {
  const [tab, select] = useTabParam(["connections", "find", "resources"] as const);

  return (
    <>
      <PageHeader
        title={t("Discipleship Hub")}
        description={t(
          "Find a mentor, become one, and grow together in faith, one faithful conversation at a time.",
        )}
      />
      <TabbedPage
        label={t("Discipleship")}
        tab={tab}
        onSelect={select}
        sections={[
          {
            value: "connections",
            label: (
              <>
                <Users className="hidden size-4 sm:block" aria-hidden="true" /> {t("My Connections")}
              </>
            ),
            content: <Connections onFind={() => select("find")} />,
          },
          {
            value: "find",
            label: (
              <>
                <Compass className="hidden size-4 sm:block" aria-hidden="true" /> {t("Find Mentorship")}
              </>
            ),
            content: (
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
                <LazyPartPlace
                  part={MentorshipForm}
                  fallback={<FormCardSkeleton />}
                  onSubmitted={() => select("connections")}
                />
                <div className="rounded-[var(--radius-card)] border border-sage-100 bg-sage-50 p-6">
                  <h2 className="font-sans text-sm font-bold tracking-wide text-sage-800 uppercase">
                    {t("How matching works")}
                  </h2>
                  <ol className="mt-3 list-decimal space-y-2 ps-5 text-sm leading-relaxed text-muted">
                    <li>{t("Tell us where you are in your walk and what you'd like to grow in.")}</li>
                    <li>{t("As soon as a mentor and a mentee share a focus area, we connect them.")}</li>
                    <li>{t("The mentor accepts, and you plan your first conversation.")}</li>
                    <li>{t("When your season together ends, either of you marks it completed.")}</li>
                  </ol>
                </div>
              </div>
            ),
          },
          {
            value: "resources",
            label: (
              <>
                <BookHeart className="hidden size-4 sm:block" aria-hidden="true" /> {t("Resources")}
              </>
            ),
            content: <Resources />,
          },
        ]}
      />
    </>
  );
}

function Connections({ onFind }: { onFind: () => void }) {
  const connections = useConnections();
  if (connections.isPending) {
    return (
      <SkeletonList label={t("Loading your connections")} count={2} className="grid gap-4 md:grid-cols-2">
        <Card className="space-y-4 p-6">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <SkeletonGroup className="flex-1 space-y-2" shapes={["h-4 w-40", "h-3 w-28"]} />
          </div>
          <SkeletonGroup className="space-y-4" shapes={["h-5 w-36 rounded-full", "h-4 w-full"]} />
        </Card>
      </SkeletonList>
    );
  }
  if (connections.isError) {
    return (
      <ErrorState
        message={t("We couldn't load your connections just now. Please try again.")}
        onRetry={() => void connections.refetch()}
      />
    );
  }
  if (connections.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={t("No connections yet")}
        action={<Button onClick={onFind}>{t("Find Mentorship")}</Button>}
      >
        {t("Ask for a mentor or offer to mentor: we'll connect you with a sister who shares your focus.")}
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={t("My connections")}>
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
