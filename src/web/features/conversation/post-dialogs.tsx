import { type FormEvent, useId, useState } from "react";
import { GROUP_POST_MAX, GROUP_PRAISE_NOTE_MAX, REMOVAL_REASON_MAX } from "~/core/conversation/limits";
import type { GroupPost, GroupReply } from "~/core/conversation/schemas";
import { FormDialog } from "~/web/components/form-dialog";
import { Field, Textarea } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";
import {
  type MentionCandidate,
  refusal,
  useEditPost,
  useEditReply,
  useMarkPostAnswered,
  useRemovePost,
  useRemoveReply,
} from "./api";
import { MentionTextarea } from "./mention-textarea";

/** Editing her words: the same limits and messages as writing them, the server's refusal shown in place. */
function EditWordsDialog({
  title,
  initial,
  members,
  busy,
  error,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  members: MentionCandidate[];
  busy: boolean;
  error: string | undefined;
  onSave: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [blank, setBlank] = useState(false);
  const shown = blank ? t("Please write something to share.") : error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setBlank(true);
    onSave(text.trim());
  };
  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t("Others will see that it was edited.")}
      onSubmit={submit}
      submit={{ label: t("Save"), busyLabel: t("Saving..."), busy }}
    >
      <Field id={id} label={t("Your words")} error={shown}>
        <MentionTextarea
          id={id}
          rows={6}
          maxLength={GROUP_POST_MAX}
          value={text}
          members={members}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onValueChange={(v) => {
            setText(v);
            setBlank(false);
          }}
        />
      </Field>
    </FormDialog>
  );
}

export function EditPostDialog({
  post,
  members,
  onClose,
}: {
  post: GroupPost;
  members: MentionCandidate[];
  onClose: () => void;
}) {
  const edit = useEditPost(post, onClose);
  return (
    <EditWordsDialog
      title={t("Edit your post")}
      initial={post.body}
      members={members}
      busy={edit.isPending}
      error={refusal(edit.error)}
      onSave={(text) => edit.mutate(text)}
      onClose={onClose}
    />
  );
}

export function EditReplyDialog({
  reply,
  members,
  onClose,
}: {
  reply: GroupReply;
  members: MentionCandidate[];
  onClose: () => void;
}) {
  const edit = useEditReply(reply, onClose);
  return (
    <EditWordsDialog
      title={t("Edit your reply")}
      initial={reply.body}
      members={members}
      busy={edit.isPending}
      error={refusal(edit.error)}
      onSave={(text) => edit.mutate(text)}
      onClose={onClose}
    />
  );
}

/**
 * Deleting her own words asks first; a leader removing someone else's says why (the moderation log
 * keeps it, and the author is not shown it).
 */
function RemoveDialog({
  noun,
  own,
  busy,
  onRemove,
  onClose,
}: {
  noun: "post" | "reply";
  own: boolean;
  busy: boolean;
  onRemove: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onRemove(own ? undefined : reason);
  };
  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={
        noun === "post"
          ? own
            ? t("Delete this post?")
            : t("Remove this post?")
          : own
            ? t("Delete this reply?")
            : t("Remove this reply?")
      }
      description={
        own
          ? noun === "post"
            ? t("It is removed with its replies and reactions. This cannot be undone.")
            : t("It is removed for good. This cannot be undone.")
          : t("It leaves the conversation for everyone. Your reason is kept in the moderation log.")
      }
      onSubmit={submit}
      submit={
        own
          ? { label: t("Delete"), busyLabel: t("Deleting..."), busy }
          : { label: t("Remove"), busyLabel: t("Removing..."), busy }
      }
    >
      {!own && (
        <Field
          id={id}
          label={t("Why are you removing it?")}
          hint={t("Seen by the ministry's administrators only.")}
        >
          <Textarea
            id={id}
            dir="auto"
            rows={3}
            maxLength={REMOVAL_REASON_MAX}
            value={reason}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      )}
    </FormDialog>
  );
}

export function RemovePostDialog({
  post,
  onClose,
  onRemoved = onClose,
}: {
  post: GroupPost;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const remove = useRemovePost(post, onRemoved);
  return (
    <RemoveDialog
      noun="post"
      own={post.isMine}
      busy={remove.isPending}
      onRemove={(reason) => remove.mutate(reason)}
      onClose={onClose}
    />
  );
}

export function RemoveReplyDialog({
  reply,
  post,
  onClose,
}: {
  reply: GroupReply;
  post: GroupPost;
  onClose: () => void;
}) {
  const remove = useRemoveReply(reply, post, onClose);
  return (
    <RemoveDialog
      noun="reply"
      own={reply.isMine}
      busy={remove.isPending}
      onRemove={(reason) => remove.mutate(reason)}
      onClose={onClose}
    />
  );
}

export function MarkAnsweredDialog({ post, onClose }: { post: GroupPost; onClose: () => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  const mark = useMarkPostAnswered(post, onClose);
  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={t("Mark as answered")}
      description={t("Share how God answered, so your group can rejoice with you. The note is optional.")}
      onSubmit={(e) => {
        e.preventDefault();
        mark.mutate(note);
      }}
      submit={{ label: t("Mark Answered"), busyLabel: t("Saving..."), busy: mark.isPending }}
    >
      <Field id={id} label={t("Praise note")}>
        <Textarea
          id={id}
          rows={4}
          maxLength={GROUP_PRAISE_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          dir="auto"
          placeholder={t("The results came back clear! Thank you for praying...")}
        />
      </Field>
    </FormDialog>
  );
}
