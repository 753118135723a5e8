import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { formatDateTime, formatShortDate } from "~/core/format";
import {
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  suspendedLabel,
  suspensionTerm,
} from "~/core/moderation/choices";
import type {
  ModerationAction,
  ModerationLogEntry,
  ReportedItem,
  ReportedMessage,
} from "~/core/moderation/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { useModerationLog, useReportQueue, useUnsuspend } from "./api";
import {
  type ModeratedMember as Member,
  RemoveReportedDialog,
  RestoreDialog,
  SuspendDialog,
  WarnDialog,
} from "./reason-dialogs";

const ACTION_LABELS: Record<ModerationAction, string> = {
  delete: "Deleted",
  restore: "Restored",
  remove: "Removed",
  warn: "Warned",
  suspend: "Suspended",
  unsuspend: "Lifted suspension of",
  intercessor_added: "Gave the intercessor's role to",
  intercessor_removed: "Took the intercessor's role from",
  demo_content_removed: "Removed the demo content",
  invitation_sent: "Sent an invitation",
  invitation_revoked: "Withdrew an invitation",
  settings_changed: "Changed the settings",
};

/** Actions about the community rather than a member: their line names no member. */
const ABOUT_NO_MEMBER: ReadonlySet<string> = new Set<ModerationAction>([
  "demo_content_removed",
  "invitation_sent",
  "invitation_revoked",
  "settings_changed",
]);

/** The administrators' queue of reported items, and the record of every moderation action. */
export default function ModerationTab() {
  return (
    <div className="space-y-10">
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="text-2xl font-semibold">
          Reported
        </h2>
        <p className="mt-1 text-muted">
          Newest report first. Hidden items are seen only by their author and you.
        </p>
        <div className="mt-4">
          <Queue />
        </div>
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-2xl font-semibold">
          Moderation log
        </h2>
        <p className="mt-1 text-muted">Every action, who took it and why. It cannot be changed.</p>
        <div className="mt-4">
          <Log />
        </div>
      </section>
    </div>
  );
}

function Queue() {
  const queue = useReportQueue();
  const [suspending, setSuspending] = useState<Member | null>(null);
  const [warning, setWarning] = useState<Member | null>(null);
  if (queue.isError)
    return (
      <ErrorState message="We couldn't load the reports just now." onRetry={() => void queue.refetch()} />
    );
  if (queue.isPending) return <SkeletonCards label="Loading reports" count={2} />;
  const items = queue.data ?? [];
  if (items.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title="Nothing waits for review">
        When members report something, it appears here.
      </EmptyState>
    );
  return (
    <>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.id}>
            <ReportedCard item={item} onSuspend={setSuspending} onWarn={setWarning} />
          </li>
        ))}
      </ul>
      <LoadMore list={queue} label="Load more reports" className="mt-6" />
      {suspending && <SuspendDialog member={suspending} onClose={() => setSuspending(null)} />}
      {warning && <WarnDialog member={warning} onClose={() => setWarning(null)} />}
    </>
  );
}

function ReportedCard({
  item,
  onSuspend,
  onWarn,
}: {
  item: ReportedItem;
  onSuspend: (member: Member) => void;
  onWarn: (member: Member) => void;
}) {
  const unsuspend = useUnsuspend();
  const [deciding, setDeciding] = useState<"restore" | "remove" | null>(null);
  const author = item.author;
  const member = author && author.id !== null ? { id: author.id, name: author.name } : null;
  return (
    <Card className="p-5">
      <article
        aria-label={`${REPORT_TARGET_LABELS[item.targetType]} by ${author?.name ?? "a former member"}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{REPORT_TARGET_LABELS[item.targetType]}</Badge>
          {item.hiddenAt && <Badge tone="clay">Hidden</Badge>}
          <span className="text-sm font-semibold">{author?.name ?? "A former member"}</span>
          {author?.suspended && <Badge tone="yellow">{suspendedLabel(author.suspendedUntil)}</Badge>}
        </div>
        {item.targetType !== "user" && (
          <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">
            {item.content ?? <span className="text-muted italic">Already deleted</span>}
          </p>
        )}
        {item.context && <CarriedMessages messages={item.context} />}
        <ul className="mt-3 space-y-1.5 text-sm" aria-label="Reports">
          {item.reports.map((r) => (
            <li key={r.id} className="rounded-xl bg-parchment/70 px-3 py-2">
              <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span>
              <span className="text-muted">
                {" "}
                · {r.reporter.name} · <time dateTime={r.createdAt}>{formatShortDate(r.createdAt)}</time>
              </span>
              {r.note && <p className="mt-0.5 text-ink">{r.note}</p>}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDeciding("restore")}>
            Restore
          </Button>
          {item.targetType !== "user" && (
            <Button size="sm" variant="destructive" onClick={() => setDeciding("remove")}>
              Remove
            </Button>
          )}
          {member && (
            <>
              <Button size="sm" variant="outline" onClick={() => onWarn(member)}>
                Warn {member.name}
              </Button>
              <Button size="sm" variant="outline" onClick={() => onSuspend(member)}>
                Suspend {member.name}
              </Button>
              {author?.suspended && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={unsuspend.isPending}
                  onClick={() => unsuspend.mutate(member.id)}
                >
                  Lift suspension
                </Button>
              )}
            </>
          )}
        </div>
      </article>
      {deciding === "restore" && (
        <RestoreDialog
          reportId={item.id}
          member={item.targetType === "user"}
          onClose={() => setDeciding(null)}
        />
      )}
      {deciding === "remove" && <RemoveReportedDialog reportId={item.id} onClose={() => setDeciding(null)} />}
    </Card>
  );
}

/**
 * The messages a report of a private message carried, as they read when she reported it: the
 * reported one (last) and those just before it, nothing else of the conversation.
 */
function CarriedMessages({ messages }: { messages: ReportedMessage[] }) {
  return (
    <section className="mt-3 rounded-xl border border-linen p-3" aria-label="The conversation, as reported">
      <p className="text-sm text-muted">
        As it read when reported: the reported message, last,
        {messages.length > 1 ? ` and the ${messages.length - 1} before it.` : " with none before it."}
      </p>
      <ol className="mt-2 space-y-2 text-sm">
        {messages.map((m, i) => (
          <li
            key={m.id}
            className={i === messages.length - 1 ? "rounded-lg bg-parchment/70 px-3 py-2" : "px-3 py-1"}
            aria-current={i === messages.length - 1 ? "true" : undefined}
          >
            <span className="font-semibold">{m.sender}</span>
            {m.byReporter && <span className="text-muted"> (reporter)</span>}
            <span className="text-muted">
              {" "}
              · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </span>
            <p className="mt-0.5 whitespace-pre-line break-words text-ink">
              {m.deleted ? <span className="text-muted italic">Message deleted</span> : m.body}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Log() {
  const log = useModerationLog();
  if (log.isError)
    return <ErrorState message="We couldn't load the log just now." onRetry={() => void log.refetch()} />;
  if (log.isPending) return <SkeletonCards label="Loading the moderation log" count={2} />;
  const entries = log.data ?? [];
  if (entries.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title="No actions yet">
        Restores, removals, warnings, suspensions and changes to the intercessor's role are recorded here.
      </EmptyState>
    );
  return (
    <>
      <Card className="divide-y divide-linen">
        <ul>
          {entries.map((entry) => (
            <LogLine key={entry.id} entry={entry} />
          ))}
        </ul>
      </Card>
      <LoadMore list={log} label="Load more of the log" className="mt-6" />
    </>
  );
}

/** A suspension's line keeps "until {ISO time}" or "for good": read as the member's badge reads. */
const suspensionOf = (detail: string) =>
  detail.startsWith("until ") ? suspensionTerm(detail.slice("until ".length)) : detail;

function LogLine({ entry }: { entry: ModerationLogEntry }) {
  const aboutNoMember = ABOUT_NO_MEMBER.has(entry.action);
  const what =
    entry.targetType && entry.targetType !== "user"
      ? REPORT_TARGET_LABELS[entry.targetType as ReportedItem["targetType"]]
      : null;
  return (
    <li className="px-5 py-3 text-sm">
      <p>
        <span className="font-semibold">{entry.actor?.name ?? "An administrator"}</span>{" "}
        {(ACTION_LABELS[entry.action as ModerationAction] ?? entry.action).toLowerCase()}{" "}
        {what ? `a ${what.toLowerCase()} by ` : ""}
        {!aboutNoMember && <span className="font-semibold">{entry.member?.name ?? "a member"}</span>}
        {entry.detail && entry.action === "suspend" && (
          <span className="text-muted"> ({suspensionOf(entry.detail)})</span>
        )}
      </p>
      {entry.reason && <p className="text-muted">Why: {entry.reason}</p>}
      {entry.detail &&
        entry.action !== "suspend" &&
        (aboutNoMember ? (
          <p className="mt-0.5 text-muted">{entry.detail}</p>
        ) : (
          <p className="mt-0.5 line-clamp-2 text-muted italic">“{entry.detail}”</p>
        ))}
      <p className="text-xs text-muted">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
    </li>
  );
}
