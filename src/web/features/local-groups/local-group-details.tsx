import { Clock, Home, Lock, MapPin, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import type { LocalGroup } from "~/core/local-groups/schemas";
import { MemberText } from "~/web/components/member-text";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";

/** What a local group shows of itself on its card and on its page alike. */

export const roleLabel = (role: string) => (role === "leader" ? t("Leader") : t("Member"));

/** A meeting type in her language (the types are the shared constants' English, stored as they are). */
export const meetingTypeLabel = (type: string) => translateKnown(type);

/** One fact about the group, after its icon. */
function Detail({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-[0.95rem]">
      <Icon className="mt-0.5 size-4 shrink-0 text-sage-600" aria-hidden="true" />
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </p>
  );
}

/** The general area and the time it meets: what everyone may know. */
export function AreaAndTime({
  group,
  className,
}: {
  group: Pick<LocalGroup, "location" | "meetingTime">;
  className?: string;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Detail icon={MapPin}>
        <span className="sr-only">{t("Location:")} </span>
        <span dir="auto">{group.location}</span>
      </Detail>
      {group.meetingTime && (
        <Detail icon={Clock}>
          <span className="sr-only">{t("Meets:")} </span>
          <span dir="auto">{group.meetingTime}</span>
        </Detail>
      )}
    </div>
  );
}

/** The exact meeting place and the leader's contact: its members see them (`canSeeLocalGroupPlace`). */
export function MemberDetails({
  address,
  contactInfo,
  className,
}: {
  address?: string | null;
  contactInfo?: string | null;
  className?: string;
}) {
  if (!address && !contactInfo) return null;
  return (
    <div className={cn("space-y-1.5 rounded-xl bg-sage-50 p-3", className)}>
      {address && (
        <Detail icon={Home}>
          <span className="sr-only">{t("Meeting place:")} </span>
          <MemberText as="span" text={address} />
        </Detail>
      )}
      {contactInfo && (
        <Detail icon={MessageCircle}>
          <span className="sr-only">{t("Contact:")} </span>
          <MemberText as="span" text={contactInfo} />
        </Detail>
      )}
    </div>
  );
}

/** Why she does not see the exact place yet, and when she will. */
export function PlaceNotice({
  group,
  className,
}: {
  group: Pick<LocalGroup, "hasPendingRequest" | "requiresApproval">;
  className?: string;
}) {
  return (
    <p className={cn("flex items-start gap-2 text-sm text-muted", className)}>
      <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {group.hasPendingRequest
        ? t(
            "Your request waits for the leader's approval. The exact place and contact details are shared once she accepts it.",
          )
        : group.requiresApproval
          ? t(
              "The leader approves each request. The exact place and contact details are shared once she accepts yours.",
            )
          : t("The exact place and contact details are shared once you join.")}
    </p>
  );
}
