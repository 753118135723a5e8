import type { QueryKey } from "@tanstack/react-query";
import { Ban, Flag, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  type ContentType,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from "~/core/moderation/choices";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { useBlock, useDeleteContent, useEditContent, useReport } from "./api";

const NOUN: Record<ContentType, string> = {
  prayer_request: "prayer request",
  prayer_response: "response",
  discussion: "reflection",
  article_discussion: "comment",
};

/** " · edited" after the date of what its author changed. */
export function EditedMark({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return <span className="text-muted"> · edited</span>;
}

/**
 * What she may do with a piece of member content: edit or delete her own; report another's, or
 * block its author. `refresh` names the lists that show it.
 */
export function ContentActions({
  type,
  id,
  content,
  isMine,
  authorId,
  authorName,
  refresh,
}: {
  type: ContentType;
  id: number;
  content: string;
  isMine: boolean;
  /** Unknown for an anonymous author: she cannot be blocked from here. */
  authorId?: number;
  authorName: string;
  refresh: QueryKey[];
}) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const close = () => setOpen(null);
  const noun = NOUN[type];

  return (
    <div className="flex flex-wrap gap-1">
      {isMine ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className={SMALL}
            aria-label={`Edit ${noun}`}
            onClick={() => setOpen("edit")}
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={SMALL}
            aria-label={`Delete ${noun}`}
            onClick={() => setOpen("delete")}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </>
      ) : (
        <ReportAndBlock
          targetType={type}
          targetId={id}
          noun={noun}
          authorId={authorId}
          authorName={authorName}
          refresh={refresh}
        />
      )}
      {open === "edit" && (
        <EditDialog type={type} id={id} content={content} refresh={refresh} onClose={close} />
      )}
      {open === "delete" && (
        <DeleteConfirm type={type} id={id} noun={noun} refresh={refresh} onClose={close} />
      )}
    </div>
  );
}

// The confirmations are mounted only while asked for, with their requests: a wall of cards, each
// with its own, starts without them.
function DeleteConfirm({
  type,
  id,
  noun,
  refresh,
  onClose,
}: {
  type: ContentType;
  id: number;
  noun: string;
  refresh: QueryKey[];
  onClose: () => void;
}) {
  const remove = useDeleteContent(type, refresh, onClose);
  return (
    <ConfirmDialog
      subject={id}
      onClose={onClose}
      title={`Delete this ${noun}?`}
      description={() =>
        type === "prayer_request"
          ? "It is removed with its responses and prayers. This cannot be undone."
          : "It is removed for good. This cannot be undone."
      }
      confirm={{ label: "Delete", busyLabel: "Deleting..." }}
      busy={remove.isPending}
      onConfirm={(subject) => remove.mutate(subject)}
    />
  );
}

function BlockConfirm({
  authorId,
  authorName,
  refresh,
  onClose,
}: {
  authorId: number;
  authorName: string;
  refresh: QueryKey[];
  onClose: () => void;
}) {
  const block = useBlock(refresh, onClose);
  return (
    <ConfirmDialog
      subject={authorId}
      onClose={onClose}
      title={`Block ${authorName}?`}
      description={() =>
        "What she shares leaves your views, and she cannot respond to your requests. She is not told. You can unblock her in your settings."
      }
      confirm={{ label: "Block", busyLabel: "Blocking..." }}
      busy={block.isPending}
      onConfirm={(subject) => block.mutate(subject)}
    />
  );
}

const SMALL = "h-8 px-2 text-xs";

/** Report something of another member's (or her profile), and block her. */
function ReportAndBlock({
  targetType,
  targetId,
  noun,
  reportLabel = `Report ${noun}`,
  authorId,
  authorName,
  refresh,
}: {
  targetType: ReportTargetType;
  targetId: number;
  noun: string;
  /** The Report button's name, where the noun alone would not say whose. */
  reportLabel?: string;
  authorId?: number;
  authorName: string;
  refresh: QueryKey[];
}) {
  const [open, setOpen] = useState<"report" | "block" | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={SMALL}
        aria-label={reportLabel}
        onClick={() => setOpen("report")}
      >
        <Flag aria-hidden="true" /> Report
      </Button>
      {authorId !== undefined && (
        <Button
          variant="ghost"
          size="sm"
          className={SMALL}
          aria-label={`Block ${authorName}`}
          onClick={() => setOpen("block")}
        >
          <Ban aria-hidden="true" /> Block
        </Button>
      )}
      {open === "report" && (
        <ReportDialog targetType={targetType} targetId={targetId} noun={noun} onClose={close} />
      )}
      {open === "block" && authorId !== undefined && (
        <BlockConfirm authorId={authorId} authorName={authorName} refresh={refresh} onClose={close} />
      )}
    </>
  );
}

/**
 * On another member's card (a group's members, a discipleship partner): report her profile, or
 * block her.
 */
export function MemberActions({
  userId,
  name,
  refresh,
}: {
  userId: number;
  name: string;
  refresh: QueryKey[];
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <ReportAndBlock
        targetType="user"
        targetId={userId}
        noun="profile"
        reportLabel={`Report ${name}'s profile`}
        authorId={userId}
        authorName={name}
        refresh={refresh}
      />
    </div>
  );
}

function EditDialog({
  type,
  id,
  content,
  refresh,
  onClose,
}: {
  type: ContentType;
  id: number;
  content: string;
  refresh: QueryKey[];
  onClose: () => void;
}) {
  const fieldId = useId();
  const [text, setText] = useState(content);
  const [error, setError] = useState<string>();
  const edit = useEditContent(type, refresh, onClose);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError("Please write something before saving.");
    edit.mutate({ id, content: text });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Edit your ${NOUN[type]}`} description="Others will see that it was edited.">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id={fieldId} label="Your words" error={error}>
            <Textarea
              id={fieldId}
              rows={5}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={edit.isPending}>
              {edit.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Report something (or someone) to the administrators, with a reason and an optional note. */
export function ReportDialog({
  targetType,
  targetId,
  noun,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  noun: string;
  onClose: () => void;
}) {
  const reasonId = useId();
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason>("unkind");
  const [note, setNote] = useState("");
  const report = useReport(onClose);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    report.mutate({ targetType, targetId, reason, note: note.trim() || undefined });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={`Report this ${noun}`}
        description="An administrator will look at it. The member who wrote it is not told who reported it."
      >
        <form onSubmit={onSubmit} className="space-y-4">
          <Field id={reasonId} label="Why are you reporting it?">
            <Select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REPORT_REASON_LABELS[r]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={noteId} label="Anything else we should know? (optional)">
            <Textarea id={noteId} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? "Sending..." : "Send report"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
