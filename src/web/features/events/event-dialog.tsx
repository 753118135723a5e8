import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import {
  EVENT_REPEAT_LABELS,
  EVENT_REPEATS,
  type EventDetail,
  type EventFormInput,
  type EventFormOutput,
  eventForm,
} from "~/core/events/schemas";
import { zonedInstant } from "~/core/zoned-time";
import { FormDialog } from "~/web/components/form-dialog";
import { FormField, FormInput } from "~/web/components/form-field";
import { Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { useEndpointMutation } from "~/web/lib/endpoints";
import { eventKeys } from "./api";
import { DateAndTimes, startAndEnd } from "./date-and-times";

/** Where a new event belongs: the ministry's (no group) or one group's. */
export type EventOwner = { groupId?: number; localGroupId?: number };

/** The form's answers as the API's fields: instants computed on the clocks of the event's zone. */
function toBody(v: EventFormOutput) {
  return {
    title: v.title,
    description: v.description,
    ...startAndEnd(v, v.timeZone),
    timeZone: v.timeZone,
    location: v.location,
    onlineUrl: v.onlineUrl,
    capacity: v.capacity ? Number(v.capacity) : null,
    repeat: v.repeat,
    // The whole last day counts.
    repeatUntil: v.repeat === "none" ? null : zonedInstant(v.repeatUntil, "23:59", v.timeZone).toISOString(),
  };
}

/** "New event" and "Edit event": one form, the validation style of the rest of the app. */
export function EventDialog({
  open,
  onOpenChange,
  initial,
  event,
  owner,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: EventFormInput;
  /** The event being edited; none for a new one. */
  event?: EventDetail;
  owner?: EventOwner;
  onSaved?: (id: number) => void;
}) {
  const form = useForm<EventFormInput, unknown, EventFormOutput>({
    resolver: zodResolver(eventForm),
    values: initial,
  });
  const repeat = form.watch("repeat");
  const done = (result: { id: number }) => {
    onOpenChange(false);
    onSaved?.(result.id);
  };
  const failure = {
    title: "Error",
    description: "Failed to save the event. Please try again.",
    preferServerMessage: true,
  };
  const create = useEndpointMutation(api.create, {
    input: (v: EventFormOutput) => ({ body: { ...toBody(v), ...owner } }),
    invalidates: eventKeys,
    success: { title: "Event created", description: "Members can now see it and answer." },
    failure,
    onSuccess: done,
  });
  const update = useEndpointMutation(api.update, {
    input: (v: EventFormOutput) => ({ params: { id: event?.id ?? 0 }, body: toBody(v) }),
    invalidates: eventKeys,
    success: { title: "Event updated", description: "Those going are told of a new time or place." },
    failure,
    onSuccess: done,
  });
  const busy = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((values) => (event ? update.mutate(values) : create.mutate(values)));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? "Edit Event" : "New Event"}
      description="Times are on the clocks of the event's time zone. Members see them in their own."
      className="max-w-xl"
      onSubmit={onSubmit}
      submit={{ label: event ? "Save Changes" : "Create Event", busyLabel: "Saving...", busy }}
    >
      <FormInput
        form={form}
        name="title"
        id="event-title"
        label="Title"
        autoComplete="off"
        placeholder="e.g. Shabbat dinner"
      />
      <FormField form={form} name="description" id="event-description" label="Description (Optional)">
        {(control) => <Textarea rows={3} placeholder="What will happen, and what to bring" {...control} />}
      </FormField>
      <DateAndTimes form={form} idPrefix="event" />
      <FormInput
        form={form}
        name="timeZone"
        id="event-zone"
        label="Time Zone"
        hint='Where it happens, e.g. "Asia/Jerusalem" or "America/New_York".'
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="location"
          id="event-location"
          label="Place (Optional)"
          hint="Shown to members only (of the group, for a group's event)."
          autoComplete="off"
        />
        <FormInput
          form={form}
          name="onlineUrl"
          id="event-online"
          label="Online Link (Optional)"
          hint="Shown only to those going."
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormInput
          form={form}
          name="capacity"
          id="event-capacity"
          label="Places (Optional)"
          hint="Blank: no limit."
          inputMode="numeric"
        />
        <FormField form={form} name="repeat" id="event-repeat" label="Repeats">
          {(control) => (
            <Select {...control}>
              {EVENT_REPEATS.map((r) => (
                <option key={r} value={r}>
                  {EVENT_REPEAT_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {repeat !== "none" && (
          <FormInput form={form} name="repeatUntil" id="event-until" label="Until" type="date" />
        )}
      </div>
    </FormDialog>
  );
}
