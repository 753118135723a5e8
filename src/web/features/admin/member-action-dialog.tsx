import { ConfirmDialog } from "~/web/components/confirm-dialog";
import {
  type ModeratedMember,
  RemoveMemberDialog,
  SuspendDialog,
  WarnDialog,
} from "~/web/features/moderation";
import { useSetIntercessor } from "./api";

/** What an administrator may do about a member from the Users tab; each asks first. */
export type MemberAction = "warn" | "suspend" | "remove" | "makeIntercessor" | "endIntercessor";

/** The dialog of one action on one member, mounted only while it is asked for. */
export function MemberActionDialog({
  action,
  member,
  onClose,
}: {
  action: MemberAction;
  member: ModeratedMember;
  onClose: () => void;
}) {
  switch (action) {
    case "warn":
      return <WarnDialog member={member} onClose={onClose} />;
    case "suspend":
      return <SuspendDialog member={member} onClose={onClose} />;
    case "remove":
      return <RemoveMemberDialog member={member} onClose={onClose} />;
    default:
      return <IntercessorDialog member={member} making={action === "makeIntercessor"} onClose={onClose} />;
  }
}

/** The intercessor's role opens the patrons' private requests to her: asked before it is given or taken. */
function IntercessorDialog({
  member,
  making,
  onClose,
}: {
  member: ModeratedMember;
  making: boolean;
  onClose: () => void;
}) {
  const setIntercessor = useSetIntercessor(onClose);
  return (
    <ConfirmDialog
      subject={member}
      onClose={onClose}
      variant={making ? "primary" : "destructive"}
      title={making ? `Make ${member.name} an intercessor?` : `End ${member.name}'s intercessor role?`}
      description={() =>
        making
          ? "She will see the patrons' prayer list, their private requests among them, and pray for them by name. The change is recorded in the moderation log."
          : "She will no longer see the patrons' prayer list. The change is recorded in the moderation log."
      }
      confirm={
        making
          ? { label: "Make intercessor", busyLabel: "Saving..." }
          : { label: "End intercessor role", busyLabel: "Saving..." }
      }
      busy={setIntercessor.isPending}
      onConfirm={(m) => setIntercessor.mutate({ id: m.id, isIntercessor: making, name: m.name })}
    />
  );
}
