import { Check, CheckCheck, Hourglass, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { FOCUS_TAG_LIMIT, MENTEE_LEVELS, MENTOR_LEVELS } from "~/core/constants";
import type {
  ConnectionStatus,
  DiscipleshipConnection,
  DiscipleshipPerson,
} from "~/core/discipleship/schemas";
import { formatLongDate, isHiddenMember, personName } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { IconTile } from "~/web/components/icon-tile";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { MessageButton } from "~/web/features/messages";
import { MemberActions } from "~/web/features/moderation";
import { Trans, t } from "~/web/lib/i18n";
import { useConnectionChange } from "./discipleship-api";

/** SPEC §4: active green, pending yellow, completed blue, anything else gray. */
const STATUS: Record<ConnectionStatus, { label: MessageId; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  pending: { label: "Pending", tone: "yellow" },
  completed: { label: "Completed", tone: "blue" },
  declined: { label: "Declined", tone: "gray" },
  waiting: { label: "Waiting", tone: "gray" },
};

const LEVELS: Record<string, MessageId> = { ...MENTEE_LEVELS, ...MENTOR_LEVELS };
export const levelLabel = (level: string) => {
  const label = LEVELS[level];
  return label ? t(label) : level;
};

// A member whose profile is hidden is "A member", in her language; a name is as she wrote it.
const fullName = (p: DiscipleshipPerson | null) =>
  isHiddenMember(p) ? t("A member") : personName(p, { form: "full", nameless: t("A sister") });
const firstName = (p: DiscipleshipPerson | null) =>
  isHiddenMember(p) ? t("A member") : personName(p, { nameless: t("your match") });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function ConnectionCard({ connection }: { connection: DiscipleshipConnection }) {
  const status = STATUS[connection.status];
  const waiting = connection.kind !== "connection";
  const other = connection.role === "mentor" ? connection.mentee : connection.mentor;
  const tags = connection.focusAreas.slice(0, FOCUS_TAG_LIMIT);
  const accept = useConnectionChange("accept", {
    title: t("Connection accepted"),
    description: t("You're now walking with {name}.", { name: fullName(other) }),
  });
  const decline = useConnectionChange("decline", {
    title: t("Connection declined"),
    description: t("Her request goes back to find another mentor."),
  });
  const complete = useConnectionChange("complete", {
    title: t("Connection completed"),
    description: t("Thank you for investing in one another."),
  });
  const withdraw = useConnectionChange("withdraw", {
    title: t("Request withdrawn"),
    description: t("You can submit a new one at any time."),
  });
  const busy = [accept, decline, complete, withdraw].some((change) => change.isPending);
  const run = (change: typeof accept) => change.mutate(connection.id);
  // Completing ends the mentorship for both of them and cannot be undone: she is asked first.
  const [confirming, setConfirming] = useState<DiscipleshipConnection | null>(null);

  return (
    <Card className="flex flex-col p-5 sm:p-6">
      <div className="flex items-start gap-3">
        {waiting ? (
          <IconTile
            icon={Hourglass}
            className="inline-flex size-11 shrink-0 rounded-full bg-parchment text-muted"
          />
        ) : (
          <Avatar user={other} className="size-11" />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-sans text-lg font-bold wrap-anywhere">
            {waiting ? (
              t(connection.role === "mentee" ? "Looking for a mentor" : "Offering to mentor")
            ) : (
              <span dir="auto">{fullName(other)}</span>
            )}
          </h3>
          <p className="text-sm text-muted">
            {waiting
              ? t("{level} · since {date}", {
                  level: levelLabel(connection.experienceLevel),
                  date: formatLongDate(connection.createdAt),
                })
              : connection.role === "mentor"
                ? t("Your mentee · {level}", { level: levelLabel(connection.experienceLevel) })
                : t("Your mentor · you are {level}", { level: levelLabel(connection.experienceLevel) })}
          </p>
        </div>
        <Badge tone={status.tone}>{t(status.label)}</Badge>
      </div>

      {tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t("Focus areas")}>
          {tags.map((tag) => (
            <li key={tag} dir="auto">
              <Badge tone="sage">{capitalize(tag)}</Badge>
            </li>
          ))}
        </ul>
      )}

      <p className="mt-4 flex-1 text-sm leading-relaxed text-muted">{describe(connection, other)}</p>

      <div className="mt-4 flex flex-wrap gap-2">
        {connection.status === "pending" && connection.role === "mentor" && (
          <>
            <Button size="sm" onClick={() => run(accept)} disabled={busy}>
              <Check aria-hidden="true" /> {t("Accept")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => run(decline)} disabled={busy}>
              <X aria-hidden="true" /> {t("Decline")}
            </Button>
          </>
        )}
        {connection.status === "active" && other && (
          <MessageButton memberId={other.id} name={fullName(other)} variant="primary" />
        )}
        {connection.status === "active" && (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(connection)} disabled={busy}>
            <CheckCheck aria-hidden="true" /> {t("Mark Completed")}
          </Button>
        )}
        <ConfirmDialog
          subject={confirming}
          onClose={() => setConfirming(null)}
          title={t("Mark this mentorship completed?")}
          description={() =>
            t(
              "This ends your mentorship with {name} for both of you. It moves to your completed connections and cannot be reopened.",
              { name: fullName(other) },
            )
          }
          confirm={{ label: t("Mark Completed"), busyLabel: t("Completing...") }}
          variant="primary"
          busy={complete.isPending}
          onConfirm={(c) => complete.mutate(c.id, { onSettled: () => setConfirming(null) })}
        />
        {waiting && (
          <Button size="sm" variant="ghost" onClick={() => run(withdraw)} disabled={busy}>
            {t("Withdraw")}
          </Button>
        )}
        {!waiting && other && <MemberActions userId={other.id} name={fullName(other)} refresh={[]} />}
      </div>
    </Card>
  );
}

function describe(c: DiscipleshipConnection, other: DiscipleshipPerson | null): ReactNode {
  // Her name reads in its own direction inside the sentence.
  const name = <span dir="auto">{firstName(other)}</span>;
  switch (c.status) {
    case "waiting":
      return t("We'll connect you as soon as someone who shares one of your focus areas is ready.");
    case "pending":
      return c.role === "mentor" ? (
        <Trans
          id="{name} is looking for a mentor and shares your focus. Will you walk with her?"
          values={{ name }}
        />
      ) : (
        <Trans id="You've been matched! Waiting for {name} to accept." values={{ name }} />
      );
    case "active":
      return c.role === "mentor" ? (
        <Trans id="You are mentoring {name}. Keep a steady rhythm of meeting and prayer." values={{ name }} />
      ) : (
        <Trans
          id="{name} is walking with you. Reach out to plan your next time together."
          values={{ name }}
        />
      );
    case "completed":
      return t("This season of discipleship is complete. Thank you for walking together.");
    default:
      return c.role === "mentor"
        ? t("You declined this match.")
        : t("This match didn't work out. Your request is waiting for another mentor.");
  }
}
