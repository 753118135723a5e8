import { Search, Video as VideoIcon, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { SKELETON_COUNT, VIDEO_SERIES } from "~/core/constants";
import { PageHeader } from "~/web/components/page-header";
import { Button } from "~/web/components/ui/button";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { useDeferredData } from "~/web/lib/use-deferred-data";
import { useLibrary } from "./api";
import { VideoCard, VideoCardSkeleton } from "./video-card";

const ALL_SERIES = "All Series";
const SEARCH_DELAY_MS = 300;

/** /videos: the teaching library, searched and filtered on the server, a page at a time. */
export default function VideosPage() {
  const [params, setParams] = useSearchParams();
  const series = VIDEO_SERIES.find((s) => s === params.get("series"));
  const search = params.get("search")?.trim() ?? "";
  const [draft, setDraft] = useState(search);
  const searchId = useId();

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
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const typeSearch = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ search: value.trim() }), SEARCH_DELAY_MS);
  };

  const videos = useLibrary({ search: search || undefined, series });
  const shown = useDeferredData(videos);
  const filtering = Boolean(search || series);
  const clearFilters = () => {
    clearTimeout(timer.current);
    setDraft("");
    update({ search: "", series: "" });
  };

  return (
    <>
      <PageHeader
        title="Video Library"
        description="Biblical teaching to watch, reflect on and talk over together."
      />

      <div className="mb-6 space-y-4">
        <div className="relative max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search videos
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted"
          />
          <Input
            id={searchId}
            type="search"
            value={draft}
            onChange={(e) => typeSearch(e.target.value)}
            placeholder="Search videos by title or description..."
            className="pr-10 pl-11"
            enterKeyHint="search"
          />
          {draft && (
            <button
              type="button"
              onClick={() => {
                clearTimeout(timer.current);
                setDraft("");
                update({ search: "" });
              }}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 text-muted hover:bg-parchment hover:text-ink"
              aria-label="Clear search"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <div
          role="group"
          aria-label="Series"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {[ALL_SERIES, ...VIDEO_SERIES].map((name) => {
            const value = name === ALL_SERIES ? undefined : name;
            const active = series === value;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={active}
                onClick={() => update({ series: value ?? "" })}
                className={cn(
                  "shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
                  active
                    ? "border-sage-600 bg-sage-600 text-white"
                    : "border-linen bg-white text-ink hover:border-sage-300 hover:bg-sage-50",
                )}
              >
                {name}
              </button>
            );
          })}
        </div>
      </div>

      <section aria-label="Videos" aria-busy={videos.isFetching}>
        {shown.pending ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <VideoCardSkeleton key={i} />
            ))}
          </div>
        ) : videos.isError || !shown.data ? (
          <ErrorState
            message="We couldn't load the videos just now. Please try again."
            onRetry={() => void videos.refetch()}
          />
        ) : shown.data.length === 0 ? (
          filtering ? (
            <EmptyState
              icon={Search}
              title="No videos found"
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Clear Filters
                </Button>
              }
            >
              Try a different word or series.
            </EmptyState>
          ) : (
            <EmptyState icon={VideoIcon} title="No videos available">
              New teaching is on its way. Please check back soon.
            </EmptyState>
          )
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {filtering ? `Showing ${shown.data.length}${videos.hasNextPage ? " or more" : ""} videos` : ""}
            </p>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.data.map((video, index) => (
                <li key={video.id} className="list-item-lazy flex">
                  <VideoCard video={video} eager={index < 3} />
                </li>
              ))}
            </ul>
            {videos.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void videos.fetchNextPage()}
                  disabled={videos.isFetchingNextPage}
                >
                  {videos.isFetchingNextPage ? "Loading..." : "Load more"}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}
