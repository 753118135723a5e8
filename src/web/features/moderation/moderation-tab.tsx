import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { DemoContentCounts } from "~/core/demo-content/schemas";
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
import { SETTING_FIELDS, SETTING_NAMES } from "~/core/settings/fields";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { Trans, t } from "~/web/lib/i18n";
import { useModerationLog, useReportQueue, useUnsuspend } from "./api";
import {
  type ModeratedMember as Member,
  RemoveReportedDialog,
  RestoreDialog,
  SuspendDialog,
  WarnDialog,
} from "./reason-dialogs";

/** How the removal of the demo content counted what went, as the log keeps it ("3 members, 2 events"). */
const DEMO_KINDS: Record<keyof DemoContentCounts, (count: number) => string> = {
  members: (count) => t("{count, plural, one {# members} other {# members}}", { count }),
  teachings: (count) => t("{count, plural, one {# teachings} other {# teachings}}", { count }),
  articles: (count) => t("{count, plural, one {# articles} other {# articles}}", { count }),
  courses: (count) => t("{count, plural, one {# courses} other {# courses}}", { count }),
  groups: (count) => t("{count, plural, one {# groups} other {# groups}}", { count }),
  events: (count) => t("{count, plural, one {# events} other {# events}}", { count }),
  posts: (count) => t("{count, plural, one {# posts} other {# posts}}", { count }),
  prayers: (count) => t("{count, plural, one {# prayers} other {# prayers}}", { count }),
  gifts: (count) => t("{count, plural, one {# gifts} other {# gifts}}", { count }),
  other: (count) => t("{count, plural, one {# other} other {# other}}", { count }),
};

/**
 * The detail the server keeps, in English, of an action about the community: the address invited,
 * the settings changed, what demo content went; shown in the page's language where its words are known.
 */
function communityDetail(action: string, detail: string): string {
  if (action === "invitation_sent" || action === "invitation_revoked") {
    const to = /^To (.+)$/.exec(detail);
    return to ? t("To {email}", { email: to[1]! }) : detail;
  }
  if (action === "settings_changed") {
    return detail
      .split("; ")
      .map((change) => {
        const name = SETTING_NAMES.find((n) => change.startsWith(`${SETTING_FIELDS[n].label}: `));
        if (!name) return change;
        const value = change.slice(SETTING_FIELDS[name].label.length + 2);
        return `${t(SETTING_FIELDS[name].label)}: ${value === "back to the server's" ? t("back to the server's") : value}`;
      })
      .join("; ");
  }
  if (action === "demo_content_removed") {
    return detail
      .split(", ")
      .map((part) => {
        const counted = /^(\d+) (\w+)$/.exec(part);
        const kind = counted?.[2] as keyof DemoContentCounts | undefined;
        return counted && kind && kind in DEMO_KINDS ? DEMO_KINDS[kind](Number(counted[1])) : part;
      })
      .join(", ");
  }
  return detail;
}

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
          {t("Reported")}
        </h2>
        <p className="mt-1 text-muted">
          {t("Newest report first. Hidden items are seen only by their author and you.")}
        </p>
        <div className="mt-4">
          <Queue />
        </div>
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-2xl font-semibold">
          {t("Moderation log")}
        </h2>
        <p className="mt-1 text-muted">{t("Every action, who took it and why. It cannot be changed.")}</p>
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
      <ErrorState
        message={t("We couldn't load the reports just now.")}
        onRetry={() => void queue.refetch()}
      />
    );
  if (queue.isPending) return <SkeletonCards label={t("Loading reports")} count={2} />;
  const items = queue.data ?? [];
  if (items.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title={t("Nothing waits for review")}>
        {t("When members report something, it appears here.")}
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
      <LoadMore list={queue} label={t("Load more reports")} className="mt-6" />
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
  const what = t(REPORT_TARGET_LABELS[item.targetType]);
  return (
    <Card className="p-5">
      <article aria-label={t("{what} by {name}", { what, name: author?.name ?? t("a former member") })}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{what}</Badge>
          {item.hiddenAt && <Badge tone="clay">{t("Hidden")}</Badge>}
          <span dir="auto" className="text-sm font-semibold">
            {author?.name ?? t("A former member")}
          </span>
          {author?.suspended && <Badge tone="yellow">{suspendedLabel(author.suspendedUntil)}</Badge>}
        </div>
        {item.targetType !== "user" &&
          (item.content === null ? (
            <p className="mt-3 leading-relaxed text-ink">
              <span className="text-muted italic">{t("Already deleted")}</span>
            </p>
          ) : (
            <MemberText text={item.content} className="mt-3 leading-relaxed text-ink" />
          ))}
        {item.context && <CarriedMessages messages={item.context} />}
        <ul className="mt-3 space-y-1.5 text-sm" aria-label={t("Reports")}>
          {item.reports.map((r) => (
            <li key={r.id} className="rounded-xl bg-parchment/70 px-3 py-2">
              <span className="font-semibold">{t(REPORT_REASON_LABELS[r.reason])}</span>
              <span className="text-muted">
                {" "}
                · <span dir="auto">{r.reporter.name}</span> ·{" "}
                <time dateTime={r.createdAt}>{formatShortDate(r.createdAt)}</time>
              </span>
              {r.note && <MemberText text={r.note} className="mt-0.5 text-ink" />}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDeciding("restore")}>
            {t("Restore")}
          </Button>
          {item.targetType !== "user" && (
            <Button size="sm" variant="destructive" onClick={() => setDeciding("remove")}>
              {t("Remove")}
            </Button>
          )}
          {member && (
            <>
              <Button size="sm" variant="outline" onClick={() => onWarn(member)}>
                {t("Warn {name}", { name: member.name })}
              </Button>
              <Button size="sm" variant="outline" onClick={() => onSuspend(member)}>
                {t("Suspend {name}", { name: member.name })}
              </Button>
              {author?.suspended && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={unsuspend.isPending}
                  onClick={() => unsuspend.mutate(member.id)}
                >
                  {t("Lift suspension")}
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
    <section
      className="mt-3 rounded-xl border border-linen p-3"
      aria-label={t("The conversation, as reported")}
    >
      <p className="text-sm text-muted">
        {messages.length > 1
          ? t(
              "{count, plural, one {As it read when reported: the reported message, last, and the # before it.} other {As it read when reported: the reported message, last, and the # before it.}}",
              { count: messages.length - 1 },
            )
          : t("As it read when reported: the reported message, last, with none before it.")}
      </p>
      <ol className="mt-2 space-y-2 text-sm">
        {messages.map((m, i) => (
          <li
            key={m.id}
            className={i === messages.length - 1 ? "rounded-lg bg-parchment/70 px-3 py-2" : "px-3 py-1"}
            aria-current={i === messages.length - 1 ? "true" : undefined}
          >
            <span dir="auto" className="font-semibold">
              {m.sender}
            </span>
            {m.byReporter && <span className="text-muted"> {t("(reporter)")}</span>}
            <span className="text-muted">
              {" "}
              · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </span>
            {m.deleted ? (
              <p className="mt-0.5 text-ink">
                <span className="text-muted italic">{t("Message deleted")}</span>
              </p>
            ) : (
              <MemberText text={m.body} className="mt-0.5 text-ink" />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Log() {
  const log = useModerationLog();
  if (log.isError)
    return (
      <ErrorState message={t("We couldn't load the log just now.")} onRetry={() => void log.refetch()} />
    );
  if (log.isPending) return <SkeletonCards label={t("Loading the moderation log")} count={2} />;
  const entries = log.data ?? [];
  if (entries.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title={t("No actions yet")}>
        {t(
          "Restores, removals, warnings, suspensions and changes to the intercessor's role are recorded here.",
        )}
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
      <LoadMore list={log} label={t("Load more of the log")} className="mt-6" />
    </>
  );
}

/** Who took the action (`<0>`) and the member it was about (`<1>`), set apart. */
const people = {
  0: <span dir="auto" className="font-semibold" />,
  1: <span dir="auto" className="font-semibold" />,
};

/**
 * What an administrator did, to whom: whole sentences, as each language orders them, each written out
 * (the build compiles the English of literal ids only). `about`: it names the member's words it was about.
 */
function ActionLine({
  action,
  about,
  values,
}: {
  action: string;
  about: boolean;
  values: { actor: string; member: string; what: string; action: string };
}) {
  const line = { values, components: people };
  switch (action as ModerationAction) {
    case "delete":
      return about ? (
        <Trans id="<0>{actor}</0> deleted a {what} by <1>{member}</1>" {...line} />
      ) : (
        <Trans id="<0>{actor}</0> deleted <1>{member}</1>" {...line} />
      );
    case "restore":
      return about ? (
        <Trans id="<0>{actor}</0> restored a {what} by <1>{member}</1>" {...line} />
      ) : (
        <Trans id="<0>{actor}</0> restored <1>{member}</1>" {...line} />
      );
    case "remove":
      return about ? (
        <Trans id="<0>{actor}</0> removed a {what} by <1>{member}</1>" {...line} />
      ) : (
        <Trans id="<0>{actor}</0> removed <1>{member}</1>" {...line} />
      );
    case "warn":
      return <Trans id="<0>{actor}</0> warned <1>{member}</1>" {...line} />;
    case "suspend":
      return <Trans id="<0>{actor}</0> suspended <1>{member}</1>" {...line} />;
    case "unsuspend":
      return <Trans id="<0>{actor}</0> lifted suspension of <1>{member}</1>" {...line} />;
    case "intercessor_added":
      return <Trans id="<0>{actor}</0> gave the intercessor's role to <1>{member}</1>" {...line} />;
    case "intercessor_removed":
      return <Trans id="<0>{actor}</0> took the intercessor's role from <1>{member}</1>" {...line} />;
    case "demo_content_removed":
      return <Trans id="<0>{actor}</0> removed the demo content" {...line} />;
    case "invitation_sent":
      return <Trans id="<0>{actor}</0> sent an invitation" {...line} />;
    case "invitation_revoked":
      return <Trans id="<0>{actor}</0> withdrew an invitation" {...line} />;
    case "settings_changed":
      return <Trans id="<0>{actor}</0> changed the settings" {...line} />;
    default:
      // An action this page does not know yet: its name as the server wrote it.
      return <Trans id="<0>{actor}</0> {action} <1>{member}</1>" {...line} />;
  }
}

/** A suspension's line keeps "until {ISO time}" or "for good": read as the member's badge reads. */
const suspensionOf = (detail: string) =>
  detail.startsWith("until ")
    ? suspensionTerm(detail.slice("until ".length))
    : detail === "for good"
      ? suspensionTerm(null)
      : detail;

function LogLine({ entry }: { entry: ModerationLogEntry }) {
  const aboutNoMember = ABOUT_NO_MEMBER.has(entry.action);
  const label =
    entry.targetType && entry.targetType !== "user"
      ? REPORT_TARGET_LABELS[entry.targetType as ReportedItem["targetType"]]
      : undefined;
  const values = {
    actor: entry.actor?.name ?? t("An administrator"),
    member: entry.member?.name ?? t("a member"),
    what: label ? t(label).toLowerCase() : "",
    action: entry.action,
  };
  return (
    <li className="px-5 py-3 text-sm">
      <p>
        <ActionLine action={entry.action} about={label !== undefined} values={values} />
        {entry.detail && entry.action === "suspend" && (
          <span className="text-muted"> ({suspensionOf(entry.detail)})</span>
        )}
      </p>
      {entry.reason && (
        <p className="text-muted">
          <Trans id="Why: {reason}" values={{ reason: <span dir="auto">{entry.reason}</span> }} />
        </p>
      )}
      {entry.detail &&
        entry.action !== "suspend" &&
        (aboutNoMember ? (
          <p className="mt-0.5 text-muted">{communityDetail(entry.action, entry.detail)}</p>
        ) : (
          <p dir="auto" className="mt-0.5 line-clamp-2 text-muted italic">
            “{entry.detail}”
          </p>
        ))}
      <p className="text-xs text-muted">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
    </li>
  );
}
