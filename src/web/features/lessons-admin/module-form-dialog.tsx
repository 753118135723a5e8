import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { LESSON_LIMITS } from "~/core/lessons/rules";
import { type ModuleBody, moduleBody } from "~/core/lessons/schemas";
import { FormDialog } from "~/web/components/form-dialog";
import { Field, Input } from "~/web/components/ui/input";
import { ApiError } from "~/web/lib/api";
import { t, translateKnown } from "~/web/lib/i18n";
import { type EditorModule, useAddModule, useRenameModule } from "./api";

/** Adds a module at the end of the course (no module) or renames one. */
export function ModuleFormDialog({
  courseId,
  module,
  onClose,
}: {
  courseId: number;
  module: EditorModule | null;
  onClose: () => void;
}) {
  const add = useAddModule(courseId);
  const rename = useRenameModule(courseId);
  const id = useId();
  const form = useForm<ModuleBody>({
    resolver: zodResolver(moduleBody),
    defaultValues: { title: module?.title ?? "" },
  });
  const message = form.formState.errors.title?.message;
  const error = message && translateKnown(message);

  const onSubmit = form.handleSubmit(async ({ title }) => {
    try {
      if (module) await rename.mutateAsync({ id: module.id, title });
      else await add.mutateAsync(title);
      onClose();
    } catch (err) {
      const message = err instanceof ApiError ? err.fieldErrors?.title : undefined;
      if (message) form.setError("title", { message });
    }
  });

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={module ? t("Rename Module") : t("Add Module")}
      description={module ? undefined : t("It goes at the end of the course; move it where it belongs.")}
      onSubmit={onSubmit}
      submit={{
        label: module ? t("Save") : t("Add Module"),
        busyLabel: t("Saving..."),
        busy: form.formState.isSubmitting,
      }}
    >
      <Field id={`${id}-title`} label={t("Module title")} error={error}>
        <Input
          id={`${id}-title`}
          dir="auto"
          maxLength={LESSON_LIMITS.moduleTitle}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-title-error` : undefined}
          {...form.register("title")}
        />
      </Field>
    </FormDialog>
  );
}
