import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { MODERATION_MESSAGES, MODERATION_REASON_MAX, WARNING_REASON_MAX } from "~/core/moderation/choices";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { useRemoveReported, useRestore, useSuspend, useWarn } from "./api";

/** A member a moderator acts on. */
export interface ModeratedMember {
  id: number;
  name: string;
}

/**
 * What a moderator's action asks of her: a reason (required unless `optional`), and perhaps more
 * before it. The reason is one line in the log; a larger box only wraps it, its line breaks become
 * spaces.
 */
export function ReasonDialog({
  title,
  description,
  label = "Reason",
  hint,
  optional,
  multiline,
  maxLength = MODERATION_REASON_MAX,
  submit,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  label?: string;
  hint?: string;
  optional?: boolean;
  /** A reason she reads as a note gets a larger box. */
  multiline?: boolean;
  maxLength?: number;
  submit: { label: string; busyLabel: string; variant?: "destructive" };
  busy: boolean;
  onSubmit: (reason: string | undefined) => void;
  onClose: () => void;
  /** Fields asked before the reason. */
  children?: ReactNode;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const send = (e: FormEvent) => {
    e.preventDefault();
    const words = reason.replace(/\s*[\r\n]+\s*/g, " ").trim();
    if (!words && !optional) return setError(MODERATION_MESSAGES.reasonRequired);
    if (words.length > maxLength) return setError(`Must be at most ${maxLength} characters`);
    onSubmit(words || undefined);
  };
  const describedBy = error ? `${reasonId}-error` : hint ? `${reasonId}-hint` : undefined;
  const reasonProps = {
    id: reasonId,
    value: reason,
    required: !optional,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setReason(e.target.value);
      setError(undefined);
    },
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={title} description={description}>
        <form onSubmit={send} noValidate className="space-y-4">
          {children}
          <Field id={reasonId} label={optional ? `${label} (optional)` : label} hint={hint} error={error}>
            {multiline ? <Textarea rows={3} {...reasonProps} /> : <Input {...reasonProps} />}
          </Field>
          <DialogActions>
            <Button type="submit" variant={submit.variant} disabled={busy}>
              {busy ? submit.busyLabel : submit.label}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const LOG_HINT = "Kept in the moderation log, seen by the administrators only.";

/** A note to her from the moderators: she reads the reason in her notifications. */
export function WarnDialog({ member, onClose }: { member: ModeratedMember; onClose: () => void }) {
  const warn = useWarn(onClose);
  return (
    <ReasonDialog
      title={`Warn ${member.name}`}
      description="She finds your reason in her notifications, as a note from the ministry's moderators. Her account is not changed."
      multiline
      maxLength={WARNING_REASON_MAX}
      hint="She reads these words; the moderation log keeps them with your name."
      submit={{ label: "Send warning", busyLabel: "Sending..." }}
      busy={warn.isPending}
      onSubmit={(reason) => reason && warn.mutate({ id: member.id, reason })}
      onClose={onClose}
    />
  );
}

/** Her sessions end and her words are hidden until a day she chooses, or for good. */
export function SuspendDialog({ member, onClose }: { member: ModeratedMember; onClose: () => void }) {
  const untilId = useId();
  const [until, setUntil] = useState("");
  const suspend = useSuspend(onClose);
  return (
    <ReasonDialog
      title={`Suspend ${member.name}`}
      description="Her sessions end at once and what she wrote is hidden while it lasts. Nothing is deleted."
      hint={LOG_HINT}
      submit={{ label: "Suspend", busyLabel: "Suspending...", variant: "destructive" }}
      busy={suspend.isPending}
      onSubmit={(reason) =>
        reason &&
        suspend.mutate({
          id: member.id,
          reason,
          until: until ? new Date(`${until}T00:00:00Z`).toISOString() : undefined,
        })
      }
      onClose={onClose}
    >
      <Field id={untilId} label="Until (leave empty for good)">
        <Input id={untilId} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
      </Field>
    </ReasonDialog>
  );
}

/**
 * Removing a member from the community: she is suspended for good, the product's one way to take a
 * member out (her words are hidden, nothing is deleted, and lifting it brings her back).
 */
export function RemoveMemberDialog({ member, onClose }: { member: ModeratedMember; onClose: () => void }) {
  const suspend = useSuspend(onClose, { title: "Member removed", description: "She can no longer sign in." });
  return (
    <ReasonDialog
      title={`Remove ${member.name} from the community?`}
      description="She can no longer sign in, her sessions end at once and what she wrote is hidden. Nothing is deleted: lifting the suspension brings her back."
      hint={LOG_HINT}
      submit={{ label: "Remove", busyLabel: "Removing...", variant: "destructive" }}
      busy={suspend.isPending}
      onSubmit={(reason) => reason && suspend.mutate({ id: member.id, reason })}
      onClose={onClose}
    />
  );
}

/** A reported item shows again and its reports close; a reason is welcome, not required. */
export function RestoreDialog({
  reportId,
  member,
  onClose,
}: {
  reportId: number;
  /** A reported member rather than her words: her reports close, and nothing else changes. */
  member?: boolean;
  onClose: () => void;
}) {
  const restore = useRestore(onClose);
  return (
    <ReasonDialog
      title={member ? "Close these reports?" : "Restore it?"}
      description={
        member
          ? "Her reports are closed and nothing about her changes. The action is recorded in the log."
          : "It shows again to everyone and its reports are closed. The action is recorded in the log."
      }
      optional
      hint={LOG_HINT}
      submit={{ label: "Restore", busyLabel: "Restoring..." }}
      busy={restore.isPending}
      onSubmit={(reason) => restore.mutate({ id: reportId, reason })}
      onClose={onClose}
    />
  );
}

/** A reported item is deleted for good: the log keeps why. */
export function RemoveReportedDialog({ reportId, onClose }: { reportId: number; onClose: () => void }) {
  const remove = useRemoveReported(onClose);
  return (
    <ReasonDialog
      title="Remove it for good?"
      description="It is deleted and its reports are closed. The action is recorded in the log."
      hint={LOG_HINT}
      submit={{ label: "Remove", busyLabel: "Removing...", variant: "destructive" }}
      busy={remove.isPending}
      onSubmit={(reason) => reason && remove.mutate({ id: reportId, reason })}
      onClose={onClose}
    />
  );
}
