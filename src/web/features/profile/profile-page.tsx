import { Crown, Sprout } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useSearchParams } from "wouter";
import { formatYear, personName } from "~/core/format";
import type { Profile } from "~/core/profile/schemas";
import { TabbedPage } from "~/web/components/tabbed-page";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { useAuth } from "~/web/lib/auth";
import { t, translateKnown } from "~/web/lib/i18n";
import { useProfile } from "./api";
import { MembershipTab } from "./membership-tab";
import { OverviewTab } from "./overview-tab";
import { ReflectionsTab } from "./reflections-tab";
import { SettingsTab } from "./settings-tab";

export const tierLabel = (tier: string | null | undefined) =>
  tier === "premium" ? t("Premium") : t("Free Member");

/** SPEC §2.17: overview, reflections, settings and membership; `?tab=` opens one directly. */
export default function ProfilePage() {
  const [params] = useSearchParams();
  const showSaved = params.get("tab") === "saved";
  const profile = useProfile();
  const { user } = useAuth();

  // ?tab=saved opens the overview at her saved videos.
  useEffect(() => {
    if (!showSaved || !profile.data) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById("saved-videos")?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [showSaved, profile.data]);

  const name = personName(user, { form: "full", nameless: "" });
  const tier = profile.data?.membershipTier ?? user?.membershipTier;
  const since = profile.data?.createdAt ?? user?.createdAt;

  // Every tab waits for her profile, and says so if it cannot be loaded.
  const loaded = (render: (profile: Profile) => ReactNode) =>
    profile.isPending ? (
      <ProfileSkeleton />
    ) : profile.isError ? (
      <ErrorState
        message={
          profile.error instanceof ApiError && profile.error.serverMessage
            ? translateKnown(profile.error.serverMessage)
            : t("We couldn't load your profile just now.")
        }
        onRetry={() => void profile.refetch()}
      />
    ) : (
      render(profile.data)
    );

  return (
    <div className="mx-auto max-w-4xl">
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <Sprout aria-hidden="true" className="absolute -end-8 -bottom-10 size-44 text-sage-100" />
        <div className="relative flex flex-col items-center gap-5 text-center sm:flex-row sm:text-start">
          <Avatar user={user} className="size-20 text-3xl ring-4 ring-sage-100" />
          <div className="min-w-0">
            <h1 dir="auto" className="text-3xl font-semibold break-words sm:text-4xl">
              {name}
            </h1>
            <p className="mt-1 break-all text-muted">{user?.email}</p>
            <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <Badge tone={tier === "premium" ? "gold" : "sage"}>
                {tier === "premium" && <Crown className="size-3.5" aria-hidden="true" />}
                {tierLabel(tier)}
              </Badge>
              {since && (
                <span className="text-sm text-muted">
                  {t("Member since {year}", { year: formatYear(since) })}
                </span>
              )}
            </div>
          </div>
        </div>
      </Card>

      <TabbedPage
        label={t("Profile sections")}
        className="mt-8"
        triggerClassName="max-sm:px-2.5 max-sm:text-[0.8125rem]"
        sections={[
          { value: "overview", label: t("Overview"), content: loaded((p) => <OverviewTab profile={p} />) },
          { value: "reflections", label: t("Reflections"), content: loaded(() => <ReflectionsTab />) },
          { value: "settings", label: t("Settings"), content: loaded((p) => <SettingsTab profile={p} />) },
          {
            value: "membership",
            label: t("Membership"),
            content: loaded((p) => <MembershipTab profile={p} />),
          },
        ]}
      />
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <Card className="space-y-4 p-6" aria-busy="true" aria-label={t("Loading your profile")}>
      <Skeleton className="h-7 w-1/3" />
      <div className="grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-3/4" />
          </div>
        ))}
      </div>
    </Card>
  );
}
