import { Check, CheckCheck, Hourglass, X } from "lucide-react";
import { useState } from "react";
import { FOCUS_TAG_LIMIT, MENTEE_LEVELS, MENTOR_LEVELS } from "~/core/constants";
import type {
  ConnectionStatus,
  DiscipleshipConnection,
  DiscipleshipPerson,
} from "~/core/discipleship/schemas";
import { formatLongDate, personName } from "~/core/format";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { IconTile } from "~/web/components/icon-tile";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { MessageButton } from "~/web/features/messages";
import { MemberActions } from "~/web/features/moderation";
import { useConnectionChange } from "./discipleship-api";

/** SPEC §4: active green, pending yellow, completed blue, anything else gray. */
const STATUS: Record<ConnectionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  pending: { label: "Pending", tone: "yellow" },
  completed: { label: "Completed", tone: "blue" },
  declined: { label: "Declined", tone: "gray" },
  waiting: { label: "Waiting", tone: "gray" },
};

const LEVELS: Record<string, string> = { ...MENTEE_LEVELS, ...MENTOR_LEVELS };
export const levelLabel = (level: string) => LEVELS[level] ?? level;

const fullName = (p: DiscipleshipPerson | null) => personName(p, { form: "full", nameless: "A sister" });
const firstName = (p: DiscipleshipPerson | null) => personName(p, { nameless: "your match" });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function ConnectionCard({ connection }: { connection: DiscipleshipConnection }) {
  const status = STATUS[connection.status];
  const waiting = connection.kind !== "connection";
  const other = connection.role === "mentor" ? connection.mentee : connection.mentor;
  const tags = connection.focusAreas.slice(0, FOCUS_TAG_LIMIT);
  const accept = useConnectionChange("accept", {
    title: "Connection accepted",
    description: `You're now walking with ${fullName(other)}.`,
  });
  const decline = useConnectionChange("decline", {
    title: "Connection declined",
    description: "Her request goes back to find another mentor.",
  });
  const complete = useConnectionChange("complete", {
    title: "Connection completed",
    description: "Thank you for investing in one another.",
  });
  const withdraw = useConnectionChange("withdraw", {
    title: "Request withdrawn",
    description: "You can submit a new one at any time.",
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
            {waiting
              ? connection.role === "mentee"
                ? "Looking for a mentor"
                : "Offering to mentor"
              : fullName(other)}
          </h3>
          <p className="text-sm text-muted">
            {waiting
              ? `${levelLabel(connection.experienceLevel)} · since ${formatLongDate(connection.createdAt)}`
              : connection.role === "mentor"
                ? `Your mentee · ${levelLabel(connection.experienceLevel)}`
                : `Your mentor · you are ${levelLabel(connection.experienceLevel)}`}
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>

      {tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Focus areas">
          {tags.map((tag) => (
            <li key={tag}>
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
              <Check aria-hidden="true" /> Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => run(decline)} disabled={busy}>
              <X aria-hidden="true" /> Decline
            </Button>
          </>
        )}
        {connection.status === "active" && other && (
          <MessageButton memberId={other.id} name={fullName(other)} variant="primary" />
        )}
        {connection.status === "active" && (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(connection)} disabled={busy}>
            <CheckCheck aria-hidden="true" /> Mark Completed
          </Button>
        )}
        <ConfirmDialog
          subject={confirming}
          onClose={() => setConfirming(null)}
          title="Mark this mentorship completed?"
          description={() =>
            `This ends your mentorship with ${fullName(other)} for both of you. It moves to your completed connections and cannot be reopened.`
          }
          confirm={{ label: "Mark Completed", busyLabel: "Completing..." }}
          variant="primary"
          busy={complete.isPending}
          onConfirm={(c) => complete.mutate(c.id, { onSettled: () => setConfirming(null) })}
        />
        {waiting && (
          <Button size="sm" variant="ghost" onClick={() => run(withdraw)} disabled={busy}>
            Withdraw
          </Button>
        )}
        {!waiting && other && <MemberActions userId={other.id} name={fullName(other)} refresh={[]} />}
      </div>
    </Card>
  );
}

function describe(c: DiscipleshipConnection, other: DiscipleshipPerson | null) {
  switch (c.status) {
    case "waiting":
      return "We'll connect you as soon as someone who shares one of your focus areas is ready.";
    case "pending":
      return c.role === "mentor"
        ? `${firstName(other)} is looking for a mentor and shares your focus. Will you walk with her?`
        : `You've been matched! Waiting for ${firstName(other)} to accept.`;
    case "active":
      return c.role === "mentor"
        ? `You are mentoring ${firstName(other)}. Keep a steady rhythm of meeting and prayer.`
        : `${firstName(other)} is walking with you. Reach out to plan your next time together.`;
    case "completed":
      return "This season of discipleship is complete. Thank you for walking together.";
    default:
      return c.role === "mentor"
        ? "You declined this match."
        : "This match didn't work out. Your request is waiting for another mentor.";
  }
}
