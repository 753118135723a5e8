import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import { type EventDetail, type MoveDateFormInput, moveDateForm } from "~/core/events/schemas";
import { wallClockIn } from "~/core/zoned-time";
import { FormDialog } from "~/web/components/form-dialog";
import { useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { eventKeys } from "./api";
import { DateAndTimes, startAndEnd } from "./date-and-times";

type EventDate = EventDetail["occurrences"][number];

/**
 * "Move date": one date of a series to another day or time, on the event's own clock; the other
 * dates stay. Those going to it are told of the new time. Loaded when first opened.
 */
export default function MoveDateDialog({
  event,
  date,
  onClose,
}: {
  event: EventDetail;
  date: EventDate;
  onClose: () => void;
}) {
  const zone = event.timeZone;
  const [day, startTime] = wallClockIn(new Date(date.startsAt), zone);
  const [, endTime] = wallClockIn(new Date(date.endsAt), zone);
  const form = useForm<MoveDateFormInput>({
    resolver: zodResolver(moveDateForm),
    defaultValues: { date: day, startTime, endTime },
  });
  const move = useEndpointMutation(api.update, {
    input: (v: MoveDateFormInput) => ({
      params: { id: event.id },
      body: { occurrence: String(date.occurrence), ...startAndEnd(v, zone) },
    }),
    invalidates: eventKeys,
    success: { title: t("Date moved"), description: t("Everyone going to it has been told.") },
    failure: {
      title: t("Error"),
      description: t("Failed to move the date. Please try again."),
      preferServerMessage: true,
    },
    onSuccess: onClose,
  });

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={t("Move This Date")}
      description={t("Times are in {zone}. The other dates stay as they are.", {
        zone: zone.replaceAll("_", " "),
      })}
      className="max-w-lg"
      onSubmit={form.handleSubmit((v) => move.mutate(v))}
      submit={{ label: t("Move Date"), busyLabel: t("Moving..."), busy: move.isPending }}
    >
      <DateAndTimes form={form} idPrefix="move-date" />
    </FormDialog>
  );
}
