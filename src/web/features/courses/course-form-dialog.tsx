import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { COURSE_ADMIN_STATUSES, COURSE_LIMITS, COURSE_STATUS_LABELS } from "~/core/courses/rules";
import { type AdminCourse, type CourseFormValues, createCourseBody } from "~/core/courses/schemas";
import { PatronOnlySwitch } from "~/web/components/patron-only-switch";
import { SwitchField } from "~/web/components/switch-field";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { ApiError } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import { useCreateCourse, useUpdateCourse } from "./api";

const emptyForm: CourseFormValues = {
  title: "",
  shortDescription: "",
  description: "",
  status: "coming_soon",
  estimatedDuration: "",
  price: "",
  courseUrl: "",
  tags: "",
  patronOnly: false,
  includedForPatrons: false,
};

const formValuesOf = (course: AdminCourse): CourseFormValues => ({
  title: course.title,
  shortDescription: course.shortDescription ?? "",
  description: course.description,
  status: course.status,
  estimatedDuration: course.estimatedDuration ?? "",
  price: course.price === null ? "" : String(course.price),
  courseUrl: course.courseUrl ?? "",
  tags: course.tags.join(", "),
  patronOnly: course.patronOnly,
  includedForPatrons: course.includedForPatrons,
});

/** Create (no course) or edit (a course) in one form, validated by the API's own schema. */
export function CourseFormDialog({
  open,
  course,
  onOpenChange,
}: {
  open: boolean;
  course: AdminCourse | null;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const id = useId();
  const form = useForm({ resolver: zodResolver(createCourseBody), defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(course ? formValuesOf(course) : emptyForm);
  }, [open, course, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (course) await update.mutateAsync({ params: { id: course.id }, body: values });
      else await create.mutateAsync({ body: values });
      onOpenChange(false);
    } catch (err) {
      // The mutation says it failed; a field the server rejected is shown beside that field.
      if (err instanceof ApiError && err.fieldErrors) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          if (field in emptyForm) form.setError(field as keyof CourseFormValues, { message });
        }
      }
    }
  });

  const field = (name: keyof CourseFormValues) => ({
    id: `${id}-${name}`,
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    ...form.register(name),
  });
  const statuses = course ? COURSE_ADMIN_STATUSES : COURSE_ADMIN_STATUSES.filter((s) => s !== "archived");

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={course ? t("Edit Course") : t("Add Course")}
        description={
          course
            ? t("Changes show on the course page right away.")
            : t("New courses start as Coming Soon unless you open enrollment now.")
        }
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id={`${id}-title`} label={t("Title")} error={errors.title?.message}>
            <Input dir="auto" {...field("title")} />
          </Field>
          <Field
            id={`${id}-shortDescription`}
            label={t("Short description (optional)")}
            hint={t("One line for the course card.")}
            error={errors.shortDescription?.message}
          >
            <Input dir="auto" maxLength={COURSE_LIMITS.shortDescription} {...field("shortDescription")} />
          </Field>
          <Field id={`${id}-description`} label={t("Description")} error={errors.description?.message}>
            <Textarea dir="auto" rows={4} {...field("description")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-status`} label={t("Status")} error={errors.status?.message}>
              <Select {...field("status")}>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(COURSE_STATUS_LABELS[status])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={`${id}-estimatedDuration`}
              label={t("Estimated duration (optional)")}
              error={errors.estimatedDuration?.message}
            >
              <Input
                dir="auto"
                placeholder={t("6 weeks")}
                maxLength={COURSE_LIMITS.duration}
                {...field("estimatedDuration")}
              />
            </Field>
            <Field
              id={`${id}-price`}
              label={t("Price in dollars (optional)")}
              hint={t("Leave empty to show no price.")}
              error={errors.price?.message}
            >
              <Input inputMode="decimal" dir="ltr" placeholder="49" {...field("price")} />
            </Field>
            <Field
              id={`${id}-tags`}
              label={t("Tags (optional)")}
              hint={t("Separate with commas.")}
              error={errors.tags?.message}
            >
              <Input dir="auto" placeholder={t("Grace, Bible Study")} {...field("tags")} />
            </Field>
          </div>
          <Field
            id={`${id}-courseUrl`}
            label={t("Course link (optional)")}
            hint={t("Where enrolled members continue the course.")}
            error={errors.courseUrl?.message}
          >
            <Input type="url" inputMode="url" dir="ltr" placeholder="https://" {...field("courseUrl")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <PatronOnlySwitch
              id={`${id}-patronOnly`}
              noun="course"
              checked={form.watch("patronOnly") ?? false}
              onCheckedChange={(on) => form.setValue("patronOnly", on, { shouldDirty: true })}
            />
            <SwitchField
              id={`${id}-includedForPatrons`}
              label={t("Included for patrons")}
              hint={t("Patrons enroll in this priced course without paying.")}
              checked={form.watch("includedForPatrons") ?? false}
              onCheckedChange={(on) => form.setValue("includedForPatrons", on, { shouldDirty: true })}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("Cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("Saving...") : course ? t("Save Changes") : t("Add Course")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
