import { Video as VideoIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { SKELETON_COUNT, VIDEO_SERIES } from "~/core/constants";
import { LoadMore } from "~/web/components/card-grid";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { PageHeader } from "~/web/components/page-header";
import { FilterChips, NoMatches, SearchFilterBar } from "~/web/components/search-filter-bar";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { useDeferredData } from "~/web/lib/use-deferred-data";
import { useLibrary, useWatching } from "./api";
import { ContinueWatching } from "./continue-watching";
import { VideoCard, VideoCardSkeleton } from "./video-card";

// The series keep their English names in the address; their labels are in her language.
const seriesChoices = () => [
  { value: undefined, label: t("All Series") },
  ...VIDEO_SERIES.map((name) => ({ value: name, label: t(name) })),
];

/** /videos: the teaching library, searched and filtered on the server, a page at a time. */
export default function VideosPage() {
  const [params, setParams] = useSearchParams();
  const series = VIDEO_SERIES.find((s) => s === params.get("series"));
  const search = params.get("search")?.trim() ?? "";
  const [draft, setDraft] = useState(search);

  // The address keeps the filters, so Back from a video returns to the same list.
  const update = (next: { search?: string; series?: string }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );

  // The server is asked once the member pauses typing, not on every key.
  const typed = useDebounced(draft.trim());
  // Only what she typed moves the address (Back keeps the box as it was).
  useEffect(() => {
    if (typed !== search) update({ search: typed });
  }, [typed]);

  const videos = useLibrary({ search: search || undefined, series });
  const watching = useWatching();
  const watched = useMemo(() => new Map(watching.data?.map((v) => [v.id, v.seconds]) ?? []), [watching.data]);
  const shown = useDeferredData(videos);
  const filtering = Boolean(search || series);
  const clearFilters = () => {
    setDraft("");
    update({ search: "", series: "" });
  };

  return (
    <>
      <PageHeader
        title={t("Video Library")}
        description={t("Biblical teaching to watch, reflect on and talk over together.")}
      />

      <SearchFilterBar
        label={t("Search videos")}
        placeholder={t("Search videos by title or description...")}
        value={draft}
        onValueChange={(value) => {
          setDraft(value);
          if (!value) update({ search: "" });
        }}
        clearable
        stacked
        className="mb-6"
      >
        <FilterChips
          label={t("Series")}
          options={seriesChoices()}
          selected={series}
          onSelect={(value) => update({ series: value ?? "" })}
        />
      </SearchFilterBar>

      {!filtering && watching.data && watching.data.length > 0 && <ContinueWatching videos={watching.data} />}

      <section aria-label={t("Videos")} aria-busy={videos.isFetching}>
        {shown.pending ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <VideoCardSkeleton key={i} />
            ))}
          </div>
        ) : videos.isError || !shown.data ? (
          <ErrorState
            message={t("We couldn't load the videos just now. Please try again.")}
            onRetry={() => void videos.refetch()}
          />
        ) : shown.data.length === 0 ? (
          filtering ? (
            <NoMatches title={t("No videos found")} onClear={clearFilters}>
              {t("Try a different word or series.")}
            </NoMatches>
          ) : (
            <EmptyState icon={VideoIcon} title={t("No videos available")}>
              {t("New teaching is on its way. Please check back soon.")}
            </EmptyState>
          )
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {filtering
                ? videos.hasNextPage
                  ? t("{count, plural, one {Showing # or more videos} other {Showing # or more videos}}", {
                      count: shown.data.length,
                    })
                  : t("{count, plural, one {Showing # videos} other {Showing # videos}}", {
                      count: shown.data.length,
                    })
                : ""}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.data.map((video, index) => (
                // A card makes no ids: each hydrates in a turn of its own.
                <HydratedInTurn as="li" key={video.id} className="list-item-lazy flex">
                  <VideoCard video={video} eager={index < 3} watched={watched.get(video.id)} />
                </HydratedInTurn>
              ))}
            </ul>
            <LoadMore list={videos} />
          </>
        )}
      </section>
    </>
  );
}
