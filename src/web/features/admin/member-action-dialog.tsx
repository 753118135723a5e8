import { ConfirmDialog } from "~/web/components/confirm-dialog";
import {
  type ModeratedMember,
  RemoveMemberDialog,
  SuspendDialog,
  WarnDialog,
} from "~/web/features/moderation";
import { t } from "~/web/lib/i18n";
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
      title={
        making
          ? t("Make {name} an intercessor?", { name: member.name })
          : t("End {name}'s intercessor role?", { name: member.name })
      }
      description={() =>
        making
          ? t(
              "She will see the patrons' prayer list, their private requests among them, and pray for them by name. The change is recorded in the moderation log.",
            )
          : t(
              "She will no longer see the patrons' prayer list. The change is recorded in the moderation log.",
            )
      }
      confirm={
        making
          ? { label: t("Make intercessor"), busyLabel: t("Saving...") }
          : { label: t("End intercessor role"), busyLabel: t("Saving...") }
      }
      busy={setIntercessor.isPending}
      onConfirm={(m) => setIntercessor.mutate({ id: m.id, isIntercessor: making, name: m.name })}
    />
  );
}
