import { formatCompactAge, formatDateTime, isHiddenMember, personName } from "~/core/format";
import { FORMER_MEMBER, MESSAGE_DELETED } from "~/core/messages/limits";
import type { DirectMessage, MessagePerson } from "~/core/messages/schemas";
import { Avatar } from "~/web/components/ui/avatar";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

/**
 * The other member's name: "A former member" once her account is gone, "A member" while her profile
 * is hidden (the interface's words, in her language; a name is as she wrote it).
 */
export const otherName = (person: MessagePerson) =>
  !person
    ? t(FORMER_MEMBER)
    : isHiddenMember(person)
      ? t("A member")
      : personName(person, { form: "full", nameless: t("A member") });

export const otherFirstName = (person: MessagePerson) =>
  !person
    ? t(FORMER_MEMBER)
    : isHiddenMember(person)
      ? t("A member")
      : personName(person, { nameless: t("A member") });

/** Her picture, or a plain circle for a former member. */
export function OtherAvatar({ person, className }: { person: MessagePerson; className?: string }) {
  return <Avatar user={person ?? { firstName: "?" }} className={cn("size-11", className)} />;
}

/** The first words of a message for a list: "Message deleted" once it is. */
export const openingOf = (message: DirectMessage | null) =>
  !message ? "" : message.deletedAt ? t(MESSAGE_DELETED) : message.body.replace(/\s+/g, " ").trim();

/** "2h ago", its full date and time on hover. */
export function MessageTime({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {formatCompactAge(at)}
    </time>
  );
}
