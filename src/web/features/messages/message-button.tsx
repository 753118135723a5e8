import { MessageCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { formatCount } from "~/core/format";
import { MESSAGE_MAX } from "~/core/messages/limits";
import { FormDialog } from "~/web/components/form-dialog";
import { Button, type ButtonVariant } from "~/web/components/ui/button";
import { Textarea } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { notifySuccess } from "~/web/lib/notify";
import { BLANK_MESSAGE, isRequest, refusal, useStartConversation } from "./api";

/**
 * "Message" on another member's card (a discipleship partner, a fellow group member): it opens a
 * composer and sends nothing until she does. The conversation opens at once where the two walk
 * together; anyone else receives her words as a request.
 */
export function MessageButton({
  memberId,
  name,
  variant = "outline",
  className,
}: {
  memberId: number;
  /** Her name, for the button's accessible name and the composer's title. */
  name: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        className={className}
        aria-label={`Message ${name}`}
        onClick={() => setOpen(true)}
      >
        <MessageCircle aria-hidden="true" /> Message
      </Button>
      {open && <Composer memberId={memberId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Counts down the last characters she has, so the limit is never a surprise. */
export function CharacterCount({ id, length }: { id: string; length: number }) {
  const left = MESSAGE_MAX - length;
  return (
    <p
      id={id}
      className={cn("text-right text-xs", left < 200 ? "font-semibold text-clay-700" : "text-muted")}
      aria-live={left < 200 ? "polite" : "off"}
    >
      {formatCount(length)} / {formatCount(MESSAGE_MAX)}
    </p>
  );
}

function Composer({ memberId, name, onClose }: { memberId: number; name: string; onClose: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState("");
  const [blank, setBlank] = useState(false);
  const start = useStartConversation(memberId);
  const error = blank ? BLANK_MESSAGE : refusal(start.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (start.isPending) return;
    if (!text.trim()) return setBlank(true);
    start.mutate(text.trim(), {
      onSuccess: (result) => {
        onClose();
        if (isRequest(result)) {
          notifySuccess(
            "Message request sent",
            "Your message was sent as a request. She'll see it and can choose to reply.",
          );
        } else {
          navigate(`/messages/${result.id}`);
        }
      },
    });
  };
  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={`Message ${name}`}
      description="Only the two of you will see this conversation."
      onSubmit={submit}
      submit={{ label: "Send", busyLabel: "Sending...", busy: start.isPending }}
    >
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          Your message
        </label>
        <Textarea
          id={id}
          dir="auto"
          rows={5}
          maxLength={MESSAGE_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(`${id}-count`, error && `${id}-error`)}
          onChange={(e) => {
            setText(e.target.value);
            setBlank(false);
            if (start.isError) start.reset();
          }}
        />
        <CharacterCount id={`${id}-count`} length={text.length} />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
