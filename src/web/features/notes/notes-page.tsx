import { BookOpen, Clock, Lightbulb, NotebookPen, Plus, Star } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { formatDateTime, formatDuration } from "~/core/format";
import { REFLECTION_NOTE_TAG } from "~/core/notes/limits";
import type { NoteItem } from "~/core/notes/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { EditDeleteButtons } from "~/web/components/edit-delete-buttons";
import { MemberText } from "~/web/components/member-text";
import { PageHeader } from "~/web/components/page-header";
import { NoMatches, SearchFilterBar } from "~/web/components/search-filter-bar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Switch } from "~/web/components/ui/switch";
import { t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { useDeleteNote, useNotes, useNoteTags } from "./api";
import { NoteDialog } from "./lazy-note-dialog";

/** /video-notes: the member's own notes and highlights, searched and filtered on the server. */
export default function NotesPage() {
  const [draft, setDraft] = useState("");
  const search = useDebounced(draft.trim());
  // `?tag=` opens the page filtered (her private reflections: `?tag=reflection`).
  const [params] = useSearchParams();
  const [tag, setTag] = useState(() => params.get("tag")?.trim() ?? "");
  const [highlightsOnly, setHighlightsOnly] = useState(false);
  const [creating, setCreating] = useState(false);
  // The note stays in the dialog while it closes; `editOpen` says whether it is open.
  const [editing, setEditing] = useState<NoteItem | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<NoteItem | null>(null);
  const ids = useId();

  const notes = useNotes({ search: search || undefined, tag: tag || undefined, highlights: highlightsOnly });
  const tags = useNoteTags();
  const filtering = Boolean(search || tag || highlightsOnly);
  const clearFilters = () => {
    setDraft("");
    setTag("");
    setHighlightsOnly(false);
  };
  const hasNotes = (notes.data?.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={t("Video Notes & Highlights")}
        description={t("Keep what God is teaching you, moment by moment, and find it again.")}
        actions={
          <Button onClick={() => setCreating(true)} {...NoteDialog.intent}>
            <Plus aria-hidden="true" /> {t("Add Note")}
          </Button>
        }
      />

      <Card className="mb-6 p-4">
        <SearchFilterBar
          label={t("Search notes")}
          placeholder={t("Search notes and video titles...")}
          value={draft}
          onValueChange={setDraft}
          className="sm:flex-wrap lg:flex-nowrap"
          boxClassName="sm:basis-full lg:basis-auto"
        >
          <div className="sm:w-56">
            <label htmlFor={`${ids}-tag`} className="sr-only">
              {t("Filter by tag")}
            </label>
            <Select id={`${ids}-tag`} value={tag} onChange={(e) => setTag(e.target.value)}>
              <option value="">{t("All Tags")}</option>
              {tag && !tags.data?.includes(tag) && <option value={tag}>{tag}</option>}
              {tags.data?.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-center gap-3">
            <Switch id={`${ids}-highlights`} checked={highlightsOnly} onCheckedChange={setHighlightsOnly} />
            <label htmlFor={`${ids}-highlights`} className="text-sm font-semibold whitespace-nowrap">
              {t("Highlights Only")}
            </label>
          </div>
        </SearchFilterBar>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section aria-label={t("Notes")} aria-busy={notes.isFetching} className="min-w-0">
          {notes.isPending ? (
            <ul className="space-y-4">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i}>
                  <NoteSkeleton />
                </li>
              ))}
            </ul>
          ) : notes.isError ? (
            <ErrorState
              message={t("We couldn't load your notes just now. Please try again.")}
              onRetry={() => void notes.refetch()}
            />
          ) : notes.data.length === 0 ? (
            filtering ? (
              <NoMatches title={t("No notes found")} onClear={clearFilters}>
                {t("Try another word, tag or filter.")}
              </NoMatches>
            ) : (
              <EmptyState
                icon={NotebookPen}
                title={t("No notes yet")}
                action={
                  <Button onClick={() => setCreating(true)} {...NoteDialog.intent}>
                    <Plus aria-hidden="true" /> {t("Take Your First Note")}
                  </Button>
                }
              >
                {t('While you watch a teaching, press "Take a note" to keep the moment and your thoughts.')}
              </EmptyState>
            )
          ) : (
            <>
              <ul className="space-y-4">
                {notes.data.map((note) => (
                  <li key={note.id}>
                    <NoteCard
                      note={note}
                      onTag={setTag}
                      onEdit={() => {
                        setEditing(note);
                        setEditOpen(true);
                      }}
                      onDelete={() => setDeleting(note)}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore list={notes} className="mt-6" />
            </>
          )}
        </section>

        {(hasNotes || filtering) && <StudyTips />}
      </div>

      <NoteDialog open={creating} onOpenChange={setCreating} />
      <NoteDialog open={editOpen} onOpenChange={setEditOpen} note={editing ?? undefined} />
      <DeleteNoteDialog note={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function NoteCard({
  note,
  onTag,
  onEdit,
  onDelete,
}: {
  note: NoteItem;
  onTag: (tag: string) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} dir="auto" className="font-sans text-base font-bold">
            {note.videoId && note.videoTitle ? (
              <Link href={`/video/${note.videoId}`} className="touch-hit hover:text-sage-700 hover:underline">
                {note.videoTitle}
              </Link>
            ) : (
              <span className="text-muted">{t("General note")}</span>
            )}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            {note.timestamp !== null &&
              (note.videoId ? (
                <Link
                  href={`/video/${note.videoId}?t=${note.timestamp}`}
                  className="inline-flex items-center gap-1 rounded-full bg-sage-50 px-2 py-0.5 font-semibold text-sage-800 tabular-nums hover:bg-sage-100"
                  aria-label={t("Watch from {time}", { time: formatDuration(note.timestamp) })}
                >
                  <Clock className="size-3.5" aria-hidden="true" />
                  {formatDuration(note.timestamp)}
                </Link>
              ) : (
                <span className="inline-flex items-center gap-1 tabular-nums">
                  <Clock className="size-3.5" aria-hidden="true" />
                  {formatDuration(note.timestamp)}
                </span>
              ))}
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          </div>
        </div>
        {note.isHighlight && (
          <span className="mt-0.5 text-gold-500" title={t("Highlight")}>
            <Star className="size-5 fill-current" aria-hidden="true" />
            <span className="sr-only">{t("Highlight")}</span>
          </span>
        )}
        <EditDeleteButtons
          what={t("note")}
          onEdit={onEdit}
          onDelete={onDelete}
          editIntent={NoteDialog.intent}
          className="-mt-1 -me-1"
        />
      </div>
      <MemberText text={note.content} keepSpaces className="mt-3 leading-relaxed" />
      {note.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("Tags")}>
          {note.tags.map((name) => (
            <li key={name}>
              <button
                type="button"
                onClick={() => onTag(name)}
                className="rounded-full"
                aria-label={t("Show notes tagged {tag}", { tag: name })}
              >
                <Badge tone="clay" className="hover:bg-clay-200">
                  <bdi>{name}</bdi>
                </Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function NoteSkeleton() {
  return (
    <Card className="space-y-3 p-5">
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </Card>
  );
}

function StudyTips() {
  return (
    <aside aria-labelledby="study-tips" className="lg:sticky lg:top-24 lg:self-start">
      <div className="rounded-[var(--radius-card)] border border-sage-200 bg-sage-50 p-5">
        <h2 id="study-tips" className="flex items-center gap-2 text-xl font-semibold">
          <Lightbulb className="size-5 text-gold-500" aria-hidden="true" />
          {t("Study Tips")}
        </h2>
        <ul className="mt-3 space-y-3 text-sm leading-relaxed text-ink/90">
          <li>{t("Note the moment: each note keeps the time in the video, so you can watch it again.")}</li>
          <li>
            {t(
              "Mark the truths you want to carry with you as highlights, and revisit them through the week.",
            )}
          </li>
          <li>{t('Use tags such as "prayer" or "grace" to gather themes across teachings.')}</li>
          <li>
            {t('Reflections you keep private on a teaching are saved here at their moment, tagged "{tag}".', {
              tag: REFLECTION_NOTE_TAG,
            })}
          </li>
          <li>{t("Turn a note into prayer: read it back to God and ask Him to plant it deep.")}</li>
        </ul>
        <Link
          href="/videos"
          className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-sage-700 hover:underline"
        >
          <BookOpen className="size-4" aria-hidden="true" /> {t("Browse the video library")}
        </Link>
      </div>
    </aside>
  );
}

function DeleteNoteDialog({ note, onClose }: { note: NoteItem | null; onClose: () => void }) {
  const remove = useDeleteNote();
  return (
    <ConfirmDialog
      subject={note}
      onClose={onClose}
      title={t("Delete this note?")}
      description={() => t("The note and its tags will be removed. This cannot be undone.")}
      confirm={{ label: t("Delete Note"), busyLabel: t("Deleting...") }}
      busy={remove.isPending}
      onConfirm={(n) => remove.mutate(n.id, { onSuccess: onClose })}
    >
      {(n) => (
        <MemberText
          as="blockquote"
          text={n.content}
          keepSpaces
          className="line-clamp-4 rounded-2xl bg-parchment/70 p-4 text-sm"
        />
      )}
    </ConfirmDialog>
  );
}
