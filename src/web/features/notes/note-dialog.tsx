import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { formatDuration } from "~/core/format";
import { type NoteFormInput, type NoteFormOutput, noteForm } from "~/core/schemas/notes";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { Switch } from "~/web/components/ui/switch";
import { ApiError } from "~/web/lib/api";
import { useCreateNote, useVideoChoices } from "./api";

export interface NoteStart {
  videoId?: number | null;
  videoTitle?: string;
  /** Seconds into the video, read from the player. */
  timestamp?: number | null;
}

const emptyForm = (start: NoteStart = {}): NoteFormInput => ({
  videoId: start.videoId ? String(start.videoId) : "",
  timestamp: start.timestamp != null ? formatDuration(start.timestamp) : "",
  content: "",
  tags: "",
  isHighlight: false,
});

/** "Create New Note": from the notes page, or from a video with its current moment filled in. */
export function NoteDialog({
  open,
  onOpenChange,
  start,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  start?: NoteStart;
}) {
  const id = useId();
  const create = useCreateNote();
  const videos = useVideoChoices(open);
  const form = useForm<NoteFormInput, unknown, NoteFormOutput>({
    resolver: zodResolver(noteForm),
    defaultValues: emptyForm(start),
  });
  const { errors } = form.formState;

  // Each opening starts from a clean form with the moment the member was at.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset(emptyForm(start));
    wasOpen.current = open;
  }, [open, start, form]);

  const choices = videos.data ?? [];
  const preset = start?.videoId && !choices.some((v) => v.id === start.videoId) ? start : undefined;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { body: values },
      {
        onSuccess: () => onOpenChange(false),
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors) {
            for (const [field, message] of Object.entries(err.fieldErrors)) {
              if (field in values) form.setError(field as keyof NoteFormInput, { message });
            }
          }
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create New Note"
        description="Capture what you're learning, with the moment in the video it came from."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Field id={`${id}-video`} label="Video" error={errors.videoId?.message}>
              <Controller
                control={form.control}
                name="videoId"
                render={({ field }) => (
                  <Select id={`${id}-video`} {...field}>
                    <option value="">No specific video</option>
                    {preset && (
                      <option value={String(preset.videoId)}>{preset.videoTitle ?? "This video"}</option>
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
            <Field id={`${id}-time`} label="Time (m:ss)" error={errors.timestamp?.message}>
              <Input
                id={`${id}-time`}
                inputMode="numeric"
                placeholder="0:00"
                autoComplete="off"
                aria-invalid={Boolean(errors.timestamp)}
                aria-describedby={errors.timestamp ? `${id}-time-error` : undefined}
                {...form.register("timestamp")}
              />
            </Field>
          </div>
          <Field id={`${id}-content`} label="Note" error={errors.content?.message}>
            <Textarea
              id={`${id}-content`}
              rows={5}
              placeholder="What is God showing you here?"
              aria-invalid={Boolean(errors.content)}
              aria-describedby={errors.content ? `${id}-content-error` : undefined}
              {...form.register("content")}
            />
          </Field>
          <Field
            id={`${id}-tags`}
            label="Tags"
            hint="Separate tags with commas."
            error={errors.tags?.message}
          >
            <Input
              id={`${id}-tags`}
              placeholder="grace, prayer, prophecy"
              autoComplete="off"
              aria-invalid={Boolean(errors.tags)}
              aria-describedby={errors.tags ? `${id}-tags-error` : `${id}-tags-hint`}
              {...form.register("tags")}
            />
          </Field>
          <div className="flex items-center justify-between gap-4 rounded-2xl bg-parchment/70 px-4 py-3">
            <label htmlFor={`${id}-highlight`} className="text-sm font-semibold">
              Mark as highlight
              <span className="block font-normal text-muted">Highlights are easy to find again.</span>
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
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Saving..." : "Save Note"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
