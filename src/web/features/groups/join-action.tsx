import { Hourglass, UserPlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { LIMITS } from "~/core/constants";
import type { CultivationGroupSummary } from "~/core/groups/schemas";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Textarea } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";
import { isConflict, useJoinGroup } from "./api";

const MESSAGE_MAX = LIMITS.shortText * 5;

type JoinableGroup = Pick<
  CultivationGroupSummary,
  "id" | "name" | "isMember" | "hasPendingRequest" | "requiresApproval" | "memberCount" | "maxMembers"
>;

/** One join mutation with the toasts of SPEC §7/§8: a full group explains itself (409). */
function useJoin(group: JoinableGroup, onDone: () => void) {
  const join = useJoinGroup({
    success: (result) =>
      result.status === "pending"
        ? { title: t("Request sent"), description: t("Your request to join the group has been sent.") }
        : {
            title: t("Joined group"),
            description: t("You're now a member of {name}.", { name: group.name }),
          },
    failure: {
      title: t("Error"),
      description: t("Failed to send join request. Please try again."),
      preferServerMessage: isConflict,
    },
    onSuccess: onDone,
  });
  const send = (requestMessage?: string) => join.mutate({ id: group.id, requestMessage });
  return { send, isPending: join.isPending };
}

/**
 * The way into a group from its card or its page: "Join Group" for an open group, "Request to Join"
 * (with an optional message) for one that needs approval, or where she already stands.
 */
export function JoinAction({
  group,
  showViewLink = true,
  className,
}: {
  group: JoinableGroup;
  showViewLink?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { send, isPending } = useJoin(group, () => setOpen(false));

  if (group.isMember) {
    return showViewLink ? (
      <Link href={`/cultivation-groups/${group.id}`} className={buttonClass("outline", "md", className)}>
        {t("View Group")}
      </Link>
    ) : null;
  }
  if (group.hasPendingRequest) {
    return (
      <Button variant="secondary" disabled className={className}>
        <Hourglass aria-hidden="true" /> {t("Request Pending")}
      </Button>
    );
  }
  if (group.memberCount >= group.maxMembers) {
    return (
      <Button variant="outline" disabled className={className}>
        {t("Group Full")}
      </Button>
    );
  }
  if (!group.requiresApproval) {
    return (
      <Button className={className} disabled={isPending} onClick={() => send()}>
        <UserPlus aria-hidden="true" /> {isPending ? t("Joining...") : t("Join Group")}
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button className={className} onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" /> {t("Request to Join")}
      </Button>
      <DialogContent
        title={t("Request to join {name}", { name: group.name })}
        description={t("A group admin will review your request. You can introduce yourself if you like.")}
      >
        <RequestForm isPending={isPending} onSend={send} />
      </DialogContent>
    </Dialog>
  );
}

function RequestForm({ isPending, onSend }: { isPending: boolean; onSend: (message?: string) => void }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(message.trim() || undefined);
  };
  return (
    <form onSubmit={submit} className="space-y-5">
      <Field
        id={id}
        label={t("Message (Optional)")}
        hint={t("Share a little about yourself and why you'd like to join.")}
      >
        <Textarea
          id={id}
          dir="auto"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </Field>
      <DialogActions>
        <Button type="submit" disabled={isPending}>
          {isPending ? t("Sending...") : t("Send Request")}
        </Button>
      </DialogActions>
    </form>
  );
}
