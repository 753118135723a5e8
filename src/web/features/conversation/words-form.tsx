import { type FormEvent, type ReactNode, useState } from "react";
import { GROUP_POST_MAX } from "~/core/conversation/limits";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { cn } from "~/web/lib/cn";
import { type MentionCandidate, refusal } from "./api";
import { MentionTextarea } from "./mention-textarea";

/** What sends her words: a mutation, whose refusal (a 4xx) is shown under the box. */
interface Sending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * A box to write in the conversation (a post, a reply): her words with `@` mentions, what is wrong
 * with them (left blank, or the server's refusal) or a hint, and the button. `send` gets the words,
 * trimmed, and a function to empty the box once they are saved.
 */
export function WordsForm({
  id,
  label,
  labelClassName = "block text-sm font-semibold",
  placeholder,
  members,
  blankMessage,
  hint,
  submit,
  sending,
  send,
  children,
}: {
  id: string;
  label: string;
  labelClassName?: string;
  placeholder: string;
  members: MentionCandidate[];
  blankMessage: string;
  hint?: (text: string) => string | undefined;
  submit: { label: string; busyLabel: string };
  sending: Sending;
  send: (text: string, sent: () => void) => void;
  /** Between the label and the box (the kind of post). */
  children?: ReactNode;
}) {
  const [text, setText] = useState("");
  const [blank, setBlank] = useState(false);
  const error = blank ? blankMessage : refusal(sending.error);
  const hintText = hint?.(text);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.isPending) return;
    if (!text.trim()) return setBlank(true);
    send(text.trim(), () => setText(""));
  };
  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <label htmlFor={id} className={labelClassName}>
          {label}
        </label>
        {children}
        <MentionTextarea
          id={id}
          rows={3}
          maxLength={GROUP_POST_MAX}
          value={text}
          members={members}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hintText ? `${id}-hint` : undefined}
          onValueChange={(v) => {
            setText(v);
            setBlank(false);
            if (sending.isError) sending.reset();
          }}
        />
        {(error || hintText) && (
          <p
            id={error ? `${id}-error` : `${id}-hint`}
            role={error ? "alert" : undefined}
            className={cn("text-sm", error ? "font-medium text-danger" : "text-muted")}
          >
            {error ?? hintText}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={sending.isPending}>
            {sending.isPending ? submit.busyLabel : submit.label}
          </Button>
        </div>
      </form>
    </Card>
  );
}
