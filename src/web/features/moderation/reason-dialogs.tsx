import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { MODERATION_MESSAGES, MODERATION_REASON_MAX, WARNING_REASON_MAX } from "~/core/moderation/choices";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";
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
    if (!words && !optional) return setError(t(MODERATION_MESSAGES.reasonRequired));
    if (words.length > maxLength)
      return setError(
        t("{max, plural, one {Must be at most # characters} other {Must be at most # characters}}", {
          max: maxLength,
        }),
      );
    onSubmit(words || undefined);
  };
  const describedBy = error ? `${reasonId}-error` : hint ? `${reasonId}-hint` : undefined;
  const reasonProps = {
    id: reasonId,
    value: reason,
    required: !optional,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    // Her own words, in whichever language she writes.
    dir: "auto",
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
          <Field
            id={reasonId}
            label={optional ? t("Reason (optional)") : t("Reason")}
            hint={hint}
            error={error}
          >
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

const logHint = () => t("Kept in the moderation log, seen by the administrators only.");

/** A note to her from the moderators: she reads the reason in her notifications. */
export function WarnDialog({ member, onClose }: { member: ModeratedMember; onClose: () => void }) {
  const warn = useWarn(onClose);
  return (
    <ReasonDialog
      title={t("Warn {name}", { name: member.name })}
      description={t(
        "She finds your reason in her notifications, as a note from the ministry's moderators. Her account is not changed.",
      )}
      multiline
      maxLength={WARNING_REASON_MAX}
      hint={t("She reads these words; the moderation log keeps them with your name.")}
      submit={{ label: t("Send warning"), busyLabel: t("Sending...") }}
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
      title={t("Suspend {name}", { name: member.name })}
      description={t(
        "Her sessions end at once and what she wrote is hidden while it lasts. Nothing is deleted.",
      )}
      hint={logHint()}
      submit={{ label: t("Suspend"), busyLabel: t("Suspending..."), variant: "destructive" }}
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
      <Field id={untilId} label={t("Until (leave empty for good)")}>
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
  const suspend = useSuspend(onClose, {
    title: t("Member removed"),
    description: t("She can no longer sign in."),
  });
  return (
    <ReasonDialog
      title={t("Remove {name} from the community?", { name: member.name })}
      description={t(
        "She can no longer sign in, her sessions end at once and what she wrote is hidden. Nothing is deleted: lifting the suspension brings her back.",
      )}
      hint={logHint()}
      submit={{ label: t("Remove"), busyLabel: t("Removing..."), variant: "destructive" }}
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
      title={member ? t("Close these reports?") : t("Restore it?")}
      description={
        member
          ? t("Her reports are closed and nothing about her changes. The action is recorded in the log.")
          : t("It shows again to everyone and its reports are closed. The action is recorded in the log.")
      }
      optional
      hint={logHint()}
      submit={{ label: t("Restore"), busyLabel: t("Restoring...") }}
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
      title={t("Remove it for good?")}
      description={t("It is deleted and its reports are closed. The action is recorded in the log.")}
      hint={logHint()}
      submit={{ label: t("Remove"), busyLabel: t("Removing..."), variant: "destructive" }}
      busy={remove.isPending}
      onSubmit={(reason) => reason && remove.mutate({ id: reportId, reason })}
      onClose={onClose}
    />
  );
}
