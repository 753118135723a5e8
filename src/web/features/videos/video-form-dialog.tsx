import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { VIDEO_SERIES } from "~/core/constants";
import { formatDuration } from "~/core/format";
import {
  type AdminVideoFormInput,
  type AdminVideoFormOutput,
  type AdminVideoItem,
  adminVideoForm,
} from "~/core/videos/schemas";
import { parseYouTubeId } from "~/core/youtube";
import { PatronOnlySwitch } from "~/web/components/patron-only-switch";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { ApiError } from "~/web/lib/api";
import { Trans, t } from "~/web/lib/i18n";
import { useCreateVideo, useUpdateVideo } from "./api";
import { VideoThumbnail } from "./video-thumbnail";

const blank: AdminVideoFormInput = {
  youtubeUrl: "",
  title: "",
  description: "",
  series: "",
  duration: "",
  reflectionPrompts: "",
  patronOnly: false,
};

const formOf = (video: AdminVideoItem): AdminVideoFormInput => ({
  youtubeUrl: video.youtubeUrl ?? "",
  title: video.title,
  description: video.description,
  series: (VIDEO_SERIES as readonly string[]).includes(video.series ?? "")
    ? (video.series as AdminVideoFormInput["series"])
    : "",
  duration: video.duration !== null ? formatDuration(video.duration) : "",
  reflectionPrompts: video.reflectionPrompts.join("\n"),
  patronOnly: video.patronOnly,
});

/** "Add Video" or, given a video, its edit form. The same rules as the server (SPEC §5). */
export function VideoFormDialog({
  open,
  onOpenChange,
  video,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  video?: AdminVideoItem | null;
}) {
  const id = useId();
  const create = useCreateVideo();
  const update = useUpdateVideo();
  const editing = Boolean(video);
  const pending = create.isPending || update.isPending;
  const form = useForm<AdminVideoFormInput, unknown, AdminVideoFormOutput>({
    resolver: zodResolver(adminVideoForm),
    defaultValues: blank,
  });
  const { errors } = form.formState;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset(video ? formOf(video) : blank);
    wasOpen.current = open;
  }, [open, video, form]);

  const url = useWatch({ control: form.control, name: "youtubeUrl" });
  const patronOnly = useWatch({ control: form.control, name: "patronOnly" });
  const previewId = parseYouTubeId(url);

  // The toasts come from the mutations; the server's field errors go next to their fields.
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.fieldErrors) {
      for (const [field, message] of Object.entries(err.fieldErrors)) {
        if (field in blank) form.setError(field as keyof AdminVideoFormInput, { message });
      }
    }
  };
  const done = { onSuccess: () => onOpenChange(false), onError: failed };

  const onSubmit = form.handleSubmit((values) => {
    if (video) update.mutate({ params: { id: video.id }, body: values }, done);
    else create.mutate({ body: values }, done);
  });

  const described = (field: keyof AdminVideoFormInput, hint = false) =>
    errors[field] ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? t("Edit Video") : t("Add Video")}
        description={
          editing ? t("Update the details members see.") : t("Add a YouTube teaching to the library.")
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            id={`${id}-youtubeUrl`}
            label={t("YouTube URL")}
            hint={t("Any YouTube link works: watch, youtu.be, embed or shorts.")}
            error={errors.youtubeUrl?.message}
          >
            <Input
              id={`${id}-youtubeUrl`}
              type="url"
              inputMode="url"
              autoComplete="off"
              dir="ltr"
              placeholder="https://www.youtube.com/watch?v=..."
              aria-invalid={Boolean(errors.youtubeUrl)}
              aria-describedby={described("youtubeUrl", true)}
              {...form.register("youtubeUrl")}
            />
          </Field>
          {previewId && (
            <div className="flex items-center gap-3 rounded-2xl bg-parchment/70 p-2 pe-4 text-sm">
              <VideoThumbnail youtubeId={previewId} className="w-28 shrink-0 rounded-lg" />
              <span>
                <Trans
                  id="Video <0>{id}</0> found."
                  values={{ id: previewId }}
                  components={{ 0: <code className="font-semibold" /> }}
                />
              </span>
            </div>
          )}
          <Field id={`${id}-title`} label={t("Title")} error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              autoComplete="off"
              dir="auto"
              aria-invalid={Boolean(errors.title)}
              aria-describedby={described("title")}
              {...form.register("title")}
            />
          </Field>
          <Field id={`${id}-description`} label={t("Description")} error={errors.description?.message}>
            <Textarea
              id={`${id}-description`}
              rows={4}
              dir="auto"
              aria-invalid={Boolean(errors.description)}
              aria-describedby={described("description")}
              {...form.register("description")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-series`} label={t("Series (optional)")} error={errors.series?.message}>
              <Select id={`${id}-series`} {...form.register("series")}>
                <option value="">{t("No series")}</option>
                {VIDEO_SERIES.map((s) => (
                  <option key={s} value={s}>
                    {t(s)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={`${id}-duration`}
              label={t("Duration (optional)")}
              hint={t("Minutes and seconds, like 7:45.")}
              error={errors.duration?.message}
            >
              <Input
                id={`${id}-duration`}
                placeholder="7:45"
                autoComplete="off"
                aria-invalid={Boolean(errors.duration)}
                aria-describedby={described("duration", true)}
                {...form.register("duration")}
              />
            </Field>
          </div>
          <Field
            id={`${id}-reflectionPrompts`}
            label={t("Reflection prompts (optional)")}
            hint={t("One question per line.")}
            error={errors.reflectionPrompts?.message}
          >
            <Textarea
              id={`${id}-reflectionPrompts`}
              rows={3}
              dir="auto"
              aria-invalid={Boolean(errors.reflectionPrompts)}
              aria-describedby={described("reflectionPrompts", true)}
              {...form.register("reflectionPrompts")}
            />
          </Field>
          <PatronOnlySwitch
            id={`${id}-patronOnly`}
            noun="video"
            checked={patronOnly}
            onCheckedChange={(on) => form.setValue("patronOnly", on, { shouldDirty: true })}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t("Cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? t("Saving...") : editing ? t("Save Changes") : t("Create Video")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
