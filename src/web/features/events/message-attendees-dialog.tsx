import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { EVENT_MESSAGE_MAX } from "~/core/events/choices";
import {
  type MessageAttendeesFormInput,
  type MessageAttendeesFormOutput,
  messageAttendeesForm,
} from "~/core/events/schemas";
import { FormDialog } from "~/web/components/form-dialog";
import { FormField } from "~/web/components/form-field";
import { Textarea } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";
import { useMessageAttendees } from "./api";

const empty: MessageAttendeesFormInput = { text: "" };

/**
 * "Message those coming": a few words from the event's creator to everyone going to an upcoming
 * date and everyone waiting for a place, through their notifications (and mail, as each chose).
 * Loaded when first opened, so the event's page starts without the form library.
 */
export default function MessageAttendeesDialog({
  eventId,
  open,
  onOpenChange,
}: {
  eventId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<MessageAttendeesFormInput, unknown, MessageAttendeesFormOutput>({
    resolver: zodResolver(messageAttendeesForm),
    defaultValues: empty,
  });
  const send = useMessageAttendees(eventId, () => {
    form.reset(empty);
    onOpenChange(false);
  });
  const onSubmit = form.handleSubmit((values) => send.mutate({ text: values.text }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("Message Those Coming")}
      description={t(
        "Everyone going to an upcoming date, and everyone on its waitlist, finds it in their notifications.",
      )}
      className="max-w-lg"
      onSubmit={onSubmit}
      submit={{ label: t("Send Message"), busyLabel: t("Sending..."), busy: send.isPending }}
    >
      <FormField
        form={form}
        name="text"
        id="event-message-text"
        label={t("Your message")}
        hint={t("Up to {max} characters.", { max: EVENT_MESSAGE_MAX })}
      >
        {(control) => (
          <Textarea
            rows={5}
            dir="auto"
            maxLength={EVENT_MESSAGE_MAX}
            placeholder={t("e.g. We meet at the north gate this time.")}
            {...control}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
