import type { QueryKey } from "@tanstack/react-query";
import { Ban, Flag, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { MessageId } from "~/core/i18n";
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
import { t } from "~/web/lib/i18n";
import { useBlock, useDeleteContent, useEditContent, useReport } from "./api";

/** What each action on a kind of content is called: whole sentences, as each language words them. */
const WORDS: Record<
  ContentType,
  { edit: MessageId; delete: MessageId; report: MessageId; deleteThis: MessageId; editYour: MessageId }
> = {
  prayer_request: {
    edit: "Edit prayer request",
    delete: "Delete prayer request",
    report: "Report prayer request",
    deleteThis: "Delete this prayer request?",
    editYour: "Edit your prayer request",
  },
  prayer_response: {
    edit: "Edit response",
    delete: "Delete response",
    report: "Report response",
    deleteThis: "Delete this response?",
    editYour: "Edit your response",
  },
  discussion: {
    edit: "Edit reflection",
    delete: "Delete reflection",
    report: "Report reflection",
    deleteThis: "Delete this reflection?",
    editYour: "Edit your reflection",
  },
  article_discussion: {
    edit: "Edit comment",
    delete: "Delete comment",
    report: "Report comment",
    deleteThis: "Delete this comment?",
    editYour: "Edit your comment",
  },
};

/** The report dialog's title for each thing reported. */
const REPORT_THIS: Record<ReportTargetType, MessageId> = {
  prayer_request: "Report this prayer request",
  prayer_response: "Report this response",
  discussion: "Report this reflection",
  article_discussion: "Report this comment",
  group_post: "Report this post",
  group_reply: "Report this reply",
  message: "Report this message",
  user: "Report this profile",
};

/** " · edited" after the date of what its author changed. */
export function EditedMark({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return <span className="text-muted"> · {t("edited")}</span>;
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
  const words = WORDS[type];

  return (
    <div className="flex flex-wrap gap-1">
      {isMine ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className={SMALL}
            aria-label={t(words.edit)}
            onClick={() => setOpen("edit")}
          >
            <Pencil aria-hidden="true" /> {t("Edit")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={SMALL}
            aria-label={t(words.delete)}
            onClick={() => setOpen("delete")}
          >
            <Trash2 aria-hidden="true" /> {t("Delete")}
          </Button>
        </>
      ) : (
        <ReportAndBlock
          targetType={type}
          targetId={id}
          reportLabel={t(words.report)}
          authorId={authorId}
          authorName={authorName}
          refresh={refresh}
        />
      )}
      {open === "edit" && (
        <EditDialog type={type} id={id} content={content} refresh={refresh} onClose={close} />
      )}
      {open === "delete" && <DeleteConfirm type={type} id={id} refresh={refresh} onClose={close} />}
    </div>
  );
}

// The confirmations are mounted only while asked for, with their requests: a wall of cards, each
// with its own, starts without them.
function DeleteConfirm({
  type,
  id,
  refresh,
  onClose,
}: {
  type: ContentType;
  id: number;
  refresh: QueryKey[];
  onClose: () => void;
}) {
  const remove = useDeleteContent(type, refresh, onClose);
  return (
    <ConfirmDialog
      subject={id}
      onClose={onClose}
      title={t(WORDS[type].deleteThis)}
      description={() =>
        type === "prayer_request"
          ? t("It is removed with its responses and prayers. This cannot be undone.")
          : t("It is removed for good. This cannot be undone.")
      }
      confirm={{ label: t("Delete"), busyLabel: t("Deleting...") }}
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
      title={t("Block {name}?", { name: authorName })}
      description={() =>
        t(
          "What she shares leaves your views, and she cannot respond to your requests. She is not told. You can unblock her in your settings.",
        )
      }
      confirm={{ label: t("Block"), busyLabel: t("Blocking...") }}
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
  reportLabel,
  authorId,
  authorName,
  refresh,
}: {
  targetType: ReportTargetType;
  targetId: number;
  /** The Report button's name: what it reports, and whose where that alone would not say. */
  reportLabel: string;
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
        <Flag aria-hidden="true" /> {t("Report")}
      </Button>
      {authorId !== undefined && (
        <Button
          variant="ghost"
          size="sm"
          className={SMALL}
          aria-label={t("Block {name}", { name: authorName })}
          onClick={() => setOpen("block")}
        >
          <Ban aria-hidden="true" /> {t("Block")}
        </Button>
      )}
      {open === "report" && <ReportDialog targetType={targetType} targetId={targetId} onClose={close} />}
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
        reportLabel={t("Report {name}'s profile", { name })}
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
    if (!text.trim()) return setError(t("Please write something before saving."));
    edit.mutate({ id, content: text });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t(WORDS[type].editYour)} description={t("Others will see that it was edited.")}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id={fieldId} label={t("Your words")} error={error}>
            <Textarea
              id={fieldId}
              dir="auto"
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
              {edit.isPending ? t("Saving...") : t("Save")}
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
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  /** Not read: the title follows `targetType`, worded whole in each language. */
  noun?: string;
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
        title={t(REPORT_THIS[targetType])}
        description={t(
          "An administrator will look at it. The member who wrote it is not told who reported it.",
        )}
      >
        <form onSubmit={onSubmit} className="space-y-4">
          <Field id={reasonId} label={t("Why are you reporting it?")}>
            <Select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(REPORT_REASON_LABELS[r])}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={noteId} label={t("Anything else we should know? (optional)")}>
            <Textarea
              id={noteId}
              rows={3}
              dir="auto"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? t("Sending...") : t("Send report")}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
