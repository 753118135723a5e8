import { Compass, PlusCircle, Users } from "lucide-react";
import { useSearchParams } from "wouter";
import { CULTIVATION_CATEGORIES } from "~/core/constants";
import { PageHeader } from "~/web/components/page-header";
import { FormCardSkeleton } from "~/web/components/skeleton-group";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/web/components/ui/tabs";
import { t } from "~/web/lib/i18n";
import { LazyPartPlace, lazyPart } from "~/web/lib/lazy-part";
import { useLatched } from "~/web/lib/use-latched";
import { DiscoverGroups } from "./discover-groups";
import { MyGroups } from "./my-groups";

// The form and its rules (the form library, zod) load when she first opens its tab, or with the
// page when it opens on that tab: the page starts without them.
const CreateGroupForm = lazyPart<{ onCreated: () => void }>(() =>
  import("./create-group-form").then((m) => ({ default: m.CreateGroupForm })),
);

const TABS = ["discover", "my-groups", "create"] as const;
type Tab = (typeof TABS)[number];

/** SPEC §2.11. The tab and the category live in the URL, so links such as ?category=study work. */
export default function CultivationGroupsPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : "discover";
  const categoryParam = params.get("category") ?? "";
  const category = categoryParam in CULTIVATION_CATEGORIES ? categoryParam : "";

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const showTab = (next: Tab) => update({ tab: next === "discover" ? undefined : next });
  // The form's tab is drawn from her first look at it on.
  const creating = useLatched(tab === "create");

  return (
    <>
      <PageHeader
        title={t("Cultivation Groups")}
        description={t(
          "Small, focused circles for fellowship, study and accountability. Find your people and grow together.",
        )}
      />
      <Tabs value={tab} onValueChange={(value) => showTab(value as Tab)}>
        <TabsList
          aria-label={t("Cultivation groups")}
          className="max-sm:grid max-sm:w-full max-sm:grid-cols-3"
        >
          <TabsTrigger className="justify-center max-sm:px-2" value="discover">
            <Compass className="hidden size-4 sm:block" aria-hidden="true" /> {t("Discover Groups")}
          </TabsTrigger>
          <TabsTrigger className="justify-center max-sm:px-2" value="my-groups">
            <Users className="hidden size-4 sm:block" aria-hidden="true" /> {t("My Groups")}
          </TabsTrigger>
          <TabsTrigger className="justify-center max-sm:px-2" value="create">
            <PlusCircle className="hidden size-4 sm:block" aria-hidden="true" /> {t("Create Group")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="discover">
          <DiscoverGroups
            category={category}
            onCategoryChange={(next) => update({ category: next || undefined })}
            onCreate={() => showTab("create")}
          />
        </TabsContent>
        <TabsContent value="my-groups">
          <MyGroups onDiscover={() => showTab("discover")} />
        </TabsContent>
        {/* Kept mounted, so a half-written group survives a look at another tab. */}
        {creating && (
          <TabsContent value="create" forceMount className="data-[state=inactive]:hidden">
            <LazyPartPlace
              part={CreateGroupForm}
              fallback={<FormCardSkeleton />}
              onCreated={() => showTab("my-groups")}
            />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
