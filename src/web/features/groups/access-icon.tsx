import { DoorOpen, Lock } from "lucide-react";
import { t } from "~/web/lib/i18n";

/**
 * How one gets into the group: a lock where its admins approve each member, an open door where
 * anyone may join. (Whether its member list is private is said in words beside it, so a lock never
 * stands next to "Open to join".)
 */
export function AccessIcon({
  requiresApproval,
  className,
}: {
  requiresApproval: boolean;
  className?: string;
}) {
  const Icon = requiresApproval ? Lock : DoorOpen;
  return (
    <span
      className={
        className ?? "flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700"
      }
      title={requiresApproval ? t("Approval required to join") : t("Open to join")}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
