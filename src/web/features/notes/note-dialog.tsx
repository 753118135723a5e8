import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { formatDuration } from "~/core/format";
import { type NoteFormInput, type NoteFormOutput, type NoteItem, noteForm } from "~/core/notes/schemas";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { Switch } from "~/web/components/ui/switch";
import { ApiError } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import { useCreateNote, useUpdateNote, useVideoChoices } from "./api";

export interface NoteStart {
  videoId?: number | null;
  videoTitle?: string;
  /** Seconds into the video, read from the player. */
  timestamp?: number | null;
}

/** The form as it opens: a new note (with the moment she was at, if any), or the note she edits. */
const formOf = (start: NoteStart = {}, note?: NoteItem): NoteFormInput =>
  note
    ? {
        videoId: note.videoId ? String(note.videoId) : "",
        timestamp: note.timestamp != null ? formatDuration(note.timestamp) : "",
        content: note.content,
        tags: note.tags.join(", "),
        isHighlight: note.isHighlight,
      }
    : {
        videoId: start.videoId ? String(start.videoId) : "",
        timestamp: start.timestamp != null ? formatDuration(start.timestamp) : "",
        content: "",
        tags: "",
        isHighlight: false,
      };

/**
 * "Create New Note": from the notes page, or from a video with its current moment filled in; with
 * `note`, the same form edits that note.
 */
export function NoteDialog({
  open,
  onOpenChange,
  start,
  note,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  start?: NoteStart;
  note?: NoteItem;
}) {
  const id = useId();
  const create = useCreateNote();
  const update = useUpdateNote();
  const saving = create.isPending || update.isPending;
  const videos = useVideoChoices(open);
  const form = useForm<NoteFormInput, unknown, NoteFormOutput>({
    resolver: zodResolver(noteForm),
    defaultValues: formOf(start, note),
  });
  const { errors } = form.formState;

  // Each opening starts from a clean form with the moment the member was at, or the note as it is.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset(formOf(start, note));
    wasOpen.current = open;
  }, [open, start, note, form]);

  const choices = videos.data ?? [];
  const current = note ? { videoId: note.videoId, videoTitle: note.videoTitle ?? undefined } : start;
  const preset = current?.videoId && !choices.some((v) => v.id === current.videoId) ? current : undefined;

  const onSubmit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: () => onOpenChange(false),
      onError: (err: unknown) => {
        if (err instanceof ApiError && err.fieldErrors) {
          for (const [field, message] of Object.entries(err.fieldErrors)) {
            if (field in values) form.setError(field as keyof NoteFormInput, { message });
          }
        }
      },
    };
    if (note) update.mutate({ params: { id: note.id }, body: values }, handlers);
    else create.mutate({ body: values }, handlers);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={note ? t("Edit Note") : t("Create New Note")}
        description={
          note
            ? t("Change your words, the moment in the video or the tags.")
            : t("Capture what you're learning, with the moment in the video it came from.")
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Field id={`${id}-video`} label={t("Video")} error={errors.videoId?.message}>
              <Controller
                control={form.control}
                name="videoId"
                render={({ field }) => (
                  <Select id={`${id}-video`} {...field}>
                    <option value="">{t("No specific video")}</option>
                    {preset && (
                      <option value={String(preset.videoId)}>{preset.videoTitle ?? t("This video")}</option>
                    )}
                    {choices.map((video) => (
                      <option key={video.id} value={String(video.id)}>
                        {video.title}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </Field>
            <Field id={`${id}-time`} label={t("Time (m:ss)")} error={errors.timestamp?.message}>
              <Input
                id={`${id}-time`}
                inputMode="numeric"
                dir="ltr"
                placeholder="0:00"
                autoComplete="off"
                aria-invalid={Boolean(errors.timestamp)}
                aria-describedby={errors.timestamp ? `${id}-time-error` : undefined}
                {...form.register("timestamp")}
              />
            </Field>
          </div>
          <Field id={`${id}-content`} label={t("Note")} error={errors.content?.message}>
            <Textarea
              id={`${id}-content`}
              rows={5}
              dir="auto"
              placeholder={t("What is God showing you here?")}
              aria-invalid={Boolean(errors.content)}
              aria-describedby={errors.content ? `${id}-content-error` : undefined}
              {...form.register("content")}
            />
          </Field>
          <Field
            id={`${id}-tags`}
            label={t("Tags")}
            hint={t("Separate tags with commas.")}
            error={errors.tags?.message}
          >
            <Input
              id={`${id}-tags`}
              placeholder={t("grace, prayer, prophecy")}
              autoComplete="off"
              dir="auto"
              aria-invalid={Boolean(errors.tags)}
              aria-describedby={errors.tags ? `${id}-tags-error` : `${id}-tags-hint`}
              {...form.register("tags")}
            />
          </Field>
          <div className="flex items-center justify-between gap-4 rounded-2xl bg-parchment/70 px-4 py-3">
            <label htmlFor={`${id}-highlight`} className="text-sm font-semibold">
              {t("Mark as highlight")}
              <span className="block font-normal text-muted">{t("Highlights are easy to find again.")}</span>
            </label>
            <Controller
              control={form.control}
              name="isHighlight"
              render={({ field }) => (
                <Switch
                  id={`${id}-highlight`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t("Cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? t("Saving...") : note ? t("Save Changes") : t("Save Note")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
