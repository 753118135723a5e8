import { Plus, Search, Video as VideoIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { formatCount, formatShortDate } from "~/core/format";
import type { AdminVideoItem } from "~/core/videos/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { EditDeleteButtons } from "~/web/components/edit-delete-buttons";
import { PatronBadge } from "~/web/components/patron-lock";
import { SearchFilterBar } from "~/web/components/search-filter-bar";
import { TableHead } from "~/web/components/table-head";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t, translateKnown } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { useAdminVideos, useDeleteVideo } from "./api";
import { VideoFormDialog } from "./video-form-dialog";

const columns = () => [
  { label: t("Title") },
  { label: t("Series") },
  { label: t("Views"), end: true },
  { label: t("Published") },
  { label: t("Actions"), end: true },
];

/** Admin dashboard, Videos tab (SPEC §2.20): the library's table, with add, edit and delete. */
export default function AdminVideosTab() {
  const [draft, setDraft] = useState("");
  const search = useDebounced(draft.trim());
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminVideoItem | null>(null);
  const [deleting, setDeleting] = useState<AdminVideoItem | null>(null);
  const headingId = useId();

  const videos = useAdminVideos(search || undefined);
  const openForm = (video: AdminVideoItem | null) => {
    setEditing(video);
    setFormOpen(true);
  };
  const actionsFor = (video: AdminVideoItem) => (
    <EditDeleteButtons
      what={video.title}
      onEdit={() => openForm(video)}
      onDelete={() => setDeleting(video)}
    />
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={headingId} className="text-2xl font-semibold">
            {t("Videos")}
          </h2>
          <p className="text-sm text-muted">{t("Add, edit and remove teachings in the library.")}</p>
        </div>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" /> {t("Add Video")}
        </Button>
      </div>

      <SearchFilterBar
        label={t("Search videos")}
        placeholder={t("Search by title or description...")}
        value={draft}
        onValueChange={setDraft}
        boxClassName="max-w-md"
      />

      {videos.isPending ? (
        <Card className="space-y-3 p-4" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </Card>
      ) : videos.isError ? (
        <ErrorState
          message={t("We couldn't load the videos just now. Please try again.")}
          onRetry={() => void videos.refetch()}
        />
      ) : videos.data.length === 0 ? (
        search ? (
          <EmptyState icon={Search} title={t("No videos found")}>
            {t('No video matches "{search}".', { search })}
          </EmptyState>
        ) : (
          <EmptyState
            icon={VideoIcon}
            title={t("No videos yet")}
            action={
              <Button onClick={() => openForm(null)}>
                <Plus aria-hidden="true" /> {t("Add Video")}
              </Button>
            }
          >
            {t("Add the first teaching to the library.")}
          </EmptyState>
        )
      ) : (
        <Card className="overflow-hidden">
          {/* Phones get a list: a five-column table would hide its actions off-screen. */}
          <ul className="divide-y divide-linen sm:hidden">
            {videos.data.map((video) => (
              <li key={video.id} className="flex items-start gap-2 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link
                    href={`/video/${video.id}`}
                    dir="auto"
                    className="font-semibold hover:text-sage-700 hover:underline"
                  >
                    {video.title}
                  </Link>
                  {video.patronOnly && <PatronBadge className="ms-2 align-middle" />}
                  <p className="mt-0.5 text-sm text-muted">
                    {video.series ? translateKnown(video.series) : t("No series")} ·{" "}
                    {t("{count, plural, one {# views} other {# views}}", { count: video.views })} ·{" "}
                    <time dateTime={video.publishedAt}>{formatShortDate(video.publishedAt)}</time>
                  </p>
                </div>
                {actionsFor(video)}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <caption className="sr-only">{t("Videos in the library")}</caption>
              <TableHead columns={columns()} />
              <tbody className="divide-y divide-linen">
                {videos.data.map((video) => (
                  <tr key={video.id} className="hover:bg-cream">
                    <th scope="row" className="max-w-xs px-4 py-3 text-start font-semibold">
                      <Link
                        href={`/video/${video.id}`}
                        dir="auto"
                        className="line-clamp-2 hover:text-sage-700 hover:underline"
                      >
                        {video.title}
                      </Link>
                      {video.patronOnly && <PatronBadge className="mt-1" />}
                    </th>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">
                      {video.series ? translateKnown(video.series) : t("None")}
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums">{formatCount(video.views)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={video.publishedAt}>{formatShortDate(video.publishedAt)}</time>
                    </td>
                    <td className="px-4 py-2 text-end whitespace-nowrap">{actionsFor(video)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={videos} className="border-t border-linen p-3" />
        </Card>
      )}

      <VideoFormDialog open={formOpen} onOpenChange={setFormOpen} video={editing} />
      <DeleteVideoDialog video={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteVideoDialog({ video, onClose }: { video: AdminVideoItem | null; onClose: () => void }) {
  const remove = useDeleteVideo();
  return (
    <ConfirmDialog
      subject={video}
      onClose={onClose}
      title={t("Delete this video?")}
      description={(v) =>
        t(
          '{count, plural, one {"{title}" and its # reflection will be removed from the library. This cannot be undone.} other {"{title}" and its # reflections will be removed from the library. This cannot be undone.}}',
          { count: v.discussionsCount, title: v.title },
        )
      }
      confirm={{ label: t("Delete Video"), busyLabel: t("Deleting...") }}
      busy={remove.isPending}
      onConfirm={(v) => remove.mutate(v, { onSuccess: onClose })}
    />
  );
}
