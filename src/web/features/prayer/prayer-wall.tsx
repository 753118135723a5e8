import { HandHeart, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { formatRelativeAge } from "~/core/format";
import { LoadMore } from "~/web/components/card-grid";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { SkeletonList, WordsCardSkeleton } from "~/web/components/skeleton-group";
import { SwitchField } from "~/web/components/switch-field";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Textarea } from "~/web/components/ui/input";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { Trans, t } from "~/web/lib/i18n";
import { useDeferredData } from "~/web/lib/use-deferred-data";
import { useScrollToHash } from "~/web/lib/use-scroll-to-hash";
import { usePrayerDefaults, usePrayerWall, useSharePrayer, type WallFilter } from "./api";
import { PrayerCard } from "./prayer-card";

export function PrayerWall() {
  const [filter, setFilter] = useState<WallFilter>("all");
  const [respondingTo, setRespondingTo] = useState<number | null>(null);
  const wall = usePrayerWall(filter);
  const shown = useDeferredData(wall);
  const requests = shown.data ?? [];
  const newest = filter === "all" ? requests[0] : undefined;
  const wide = useWideScreen();
  // A request opened from elsewhere (`#prayer-12`, home's previews) is brought into view.
  useScrollToHash(requests.length > 0);

  const share = (
    <aside key="share" className="min-w-0 space-y-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
      <ShareForm />
      <div className="hidden rounded-[var(--radius-card)] border border-sage-100 bg-sage-50 p-5 lg:block">
        <h2 className="font-sans text-sm font-bold tracking-wide text-sage-800 uppercase">
          {t("How the wall works")}
        </h2>
        <ul className="mt-3 space-y-2 text-sm leading-relaxed text-muted">
          <li>{t("Press “Pray” when you have prayed for her: she will know she is not alone.")}</li>
          <li>{t("Private requests are seen only by you and the ministry team.")}</li>
          <li>{t("Anonymous requests hide your name from other members.")}</li>
          <li>{t("When God answers, mark your request answered and share the praise.")}</li>
        </ul>
      </div>
    </aside>
  );
  const list = (
    <div key="wall" className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-1">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold">{t("Prayer Wall")}</h2>
          {newest && (
            <p className="text-sm text-muted">
              <Trans
                id="Latest request shared <0>{age}</0>"
                values={{ age: formatRelativeAge(newest.createdAt) }}
                components={{ 0: <time dateTime={newest.createdAt} /> }}
              />
            </p>
          )}
        </div>
        <fieldset className="inline-flex rounded-full bg-parchment p-1">
          <legend className="sr-only">{t("Show")}</legend>
          {(
            [
              ["all", t("All requests")],
              ["answered", t("Answered")],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={cn(
                "rounded-full px-4 py-1.5 text-sm font-semibold transition-colors",
                filter === value ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
              )}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </div>

      {shown.pending ? (
        <WallSkeleton />
      ) : wall.isError ? (
        <ErrorState
          message={t("We couldn't load the prayer wall just now. Please try again.")}
          onRetry={() => void wall.refetch()}
        />
      ) : requests.length === 0 ? (
        filter === "answered" ? (
          <EmptyState icon={Sparkles} title={t("No answered prayers yet")}>
            {t("When a sister marks her request answered, her praise report will appear here.")}
          </EmptyState>
        ) : (
          <EmptyState icon={HandHeart} title={t("No prayer requests yet. Be the first to share!")} />
        )
      ) : (
        <>
          <ul className="space-y-4" aria-label={t("Prayer requests")}>
            {requests.map((request) => (
              <HydratedInTurn
                as="li"
                key={request.id}
                id={`prayer-${request.id}`}
                className="list-item-lazy scroll-mt-24 rounded-[var(--radius-card)] focus:ring-3 focus:ring-gold-400 focus:outline-none"
              >
                <PrayerCard
                  request={request}
                  respondOpen={respondingTo === request.id}
                  onToggleRespond={(open) => setRespondingTo(open ? request.id : null)}
                />
              </HydratedInTurn>
            ))}
          </ul>
          <LoadMore list={wall} className="" />
          {wall.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-danger">
              {t("We couldn't load more requests. Please try again.")}
            </p>
          )}
        </>
      )}
    </div>
  );

  // The columns sit side by side on a wide screen, the wall first as she reads it; on a phone the
  // share form comes first, above the wall. Keyboard and screen reader follow the same order.
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      {wide ? [list, share] : [share, list]}
    </div>
  );
}

/**
 * Whether the screen is wide enough for the two columns (Tailwind's `lg`). False while rendering on
 * the server and hydrating (the phone's order), then the screen's answer.
 */
function useWideScreen() {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 64rem)");
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}

function ShareForm() {
  const [content, setContent] = useState("");
  const [isPrivate, setIsPrivate] = useState(false);
  // A patron may let the intercessors pray over a private request too (the patrons' prayer list).
  const isPatron = useAuth().user?.membershipTier === "premium";
  const [shareWithIntercessors, setShareWithIntercessors] = useState(false);
  // Untouched, the anonymous choice follows the member's own setting.
  const [anonymousChoice, setAnonymousChoice] = useState<boolean | null>(null);
  const defaults = usePrayerDefaults();
  const isAnonymous = anonymousChoice ?? defaults.data?.isAnonymous ?? false;
  const share = useSharePrayer(() => {
    setContent("");
    setIsPrivate(false);
    setShareWithIntercessors(false);
    setAnonymousChoice(null);
  });
  const blank = content.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || share.isPending) return;
    share.mutate({
      content: content.trim(),
      isPrivate,
      isAnonymous,
      ...(isPrivate && isPatron && { shareWithIntercessors }),
    });
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor="prayer-request" className="block font-display text-xl font-semibold">
            {t("Share a prayer request")}
          </label>
          <p id="prayer-request-hint" className="text-sm text-muted">
            {t("What can we carry to the Lord with you?")}
          </p>
        </div>
        <Textarea
          id="prayer-request"
          aria-describedby="prayer-request-hint"
          dir="auto"
          rows={4}
          maxLength={5000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t("Please pray for...")}
        />
        <div className="space-y-3">
          <SwitchField
            id="prayer-private"
            label={t("Keep this private")}
            hint={t("Only you and the ministry team will see it.")}
            checked={isPrivate}
            onCheckedChange={setIsPrivate}
          />
          {isPrivate && isPatron && (
            <SwitchField
              id="prayer-intercessors"
              label={t("Share with the intercessors")}
              hint={t("The intercessors pray for patrons by name each week; they will see this request too.")}
              checked={shareWithIntercessors}
              onCheckedChange={setShareWithIntercessors}
            />
          )}
          <SwitchField
            id="prayer-anonymous"
            label={t("Share anonymously")}
            hint={t("Your name is hidden from other members.")}
            checked={isAnonymous}
            onCheckedChange={setAnonymousChoice}
          />
        </div>
        <Button type="submit" className="w-full" disabled={blank || share.isPending}>
          {share.isPending ? t("Sharing...") : t("Share Request")}
        </Button>
      </form>
    </Card>
  );
}

function WallSkeleton() {
  return (
    <SkeletonList label={t("Loading prayer requests")} className="space-y-4">
      <WordsCardSkeleton className="p-6" />
    </SkeletonList>
  );
}
