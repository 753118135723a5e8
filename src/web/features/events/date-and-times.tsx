import type { Path, UseFormReturn } from "react-hook-form";
import type { MoveDateFormInput } from "~/core/events/schemas";
import { zonedInstant } from "~/core/zoned-time";
import { FormField } from "~/web/components/form-field";
import { Input } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";

/** The day and the two times of an event, or of one date of it, on the event's own clock. */
export function DateAndTimes<T extends MoveDateFormInput, C, O>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T, C, O>;
  idPrefix: string;
}) {
  const field = (name: keyof MoveDateFormInput) => name as Path<T>;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField form={form} name={field("date")} id={`${idPrefix}-date`} label={t("Date")}>
        {(control) => <Input type="date" {...control} />}
      </FormField>
      <FormField form={form} name={field("startTime")} id={`${idPrefix}-start`} label={t("Starts")}>
        {(control) => <Input type="time" {...control} />}
      </FormField>
      <FormField form={form} name={field("endTime")} id={`${idPrefix}-end`} label={t("Ends")}>
        {(control) => <Input type="time" {...control} />}
      </FormField>
    </div>
  );
}

/** The answers as the API's instants, computed on the clocks of the event's zone. */
export const startAndEnd = (v: MoveDateFormInput, zone: string) => ({
  startsAt: zonedInstant(v.date, v.startTime, zone).toISOString(),
  endsAt: zonedInstant(v.date, v.endTime, zone).toISOString(),
});
