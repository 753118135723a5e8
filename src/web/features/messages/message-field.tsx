import { type FormEvent, useId, useState } from "react";
import { formatCount } from "~/core/format";
import { MESSAGE_MAX } from "~/core/messages/limits";
import { FormDialog } from "~/web/components/form-dialog";
import { Textarea } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { BLANK_MESSAGE, refusal } from "./api";

/** How much of a message's 4,000 characters she has used; said aloud only near the end. */
export function CharacterCount({ id, length }: { id: string; length: number }) {
  const left = MESSAGE_MAX - length;
  return (
    <p
      id={id}
      className={cn("text-end text-xs", left < 200 ? "font-semibold text-clay-700" : "text-muted")}
      aria-live={left < 200 ? "polite" : "off"}
    >
      {formatCount(length)} / {formatCount(MESSAGE_MAX)}
    </p>
  );
}

/** "Your message" in a dialog (writing to someone, editing a message): its box, count and error. */
export function MessageField({
  id,
  text,
  error,
  onChange,
}: {
  id: string;
  text: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {t("Your message")}
      </label>
      <Textarea
        id={id}
        dir="auto"
        rows={5}
        maxLength={MESSAGE_MAX}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(`${id}-count`, error && `${id}-error`)}
        onChange={(e) => onChange(e.target.value)}
      />
      <CharacterCount id={`${id}-count`} length={text.length} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a message dialog sends with: a mutation's state, as react-query gives it. */
interface Sending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * A dialog that writes a message (to someone, or her edit of one): its box, its count, and what
 * stands in the way (nothing written, or the server's refusal), which goes once she types again.
 */
export function MessageDialog({
  title,
  description,
  initialText = "",
  submit,
  sending,
  onSend,
  onClose,
}: {
  title: string;
  description: string;
  initialText?: string;
  submit: { label: string; busyLabel: string };
  sending: Sending;
  onSend: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [blank, setBlank] = useState(false);
  const error = blank ? t(BLANK_MESSAGE) : refusal(sending.error);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (sending.isPending) return;
    if (!text.trim()) return setBlank(true);
    onSend(text.trim());
  };
  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      onSubmit={send}
      submit={{ ...submit, busy: sending.isPending }}
    >
      <MessageField
        id={id}
        text={text}
        error={error}
        onChange={(value) => {
          setText(value);
          setBlank(false);
          if (sending.isError) sending.reset();
        }}
      />
    </FormDialog>
  );
}
