import {
  BellRing,
  CircleCheck,
  CreditCard,
  DatabaseBackup,
  Gauge,
  Info,
  type LucideIcon,
  Mail,
  Newspaper,
  Tag,
  TriangleAlert,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatBytes, formatDateTime, formatRelativeAge } from "~/core/format";
import { statusEndpoints as api } from "~/core/status/endpoints";
import type { SystemStatus, TestMailResult } from "~/core/status/schemas";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { RetryButton } from "~/web/components/ui/retry-button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";

/** A moment, as "3 hours ago", its date and time on hover. */
function Ago({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeAge(at)}
    </time>
  );
}

/** A setting's name, as she would type it into the server's environment. */
const Setting = ({ children }: { children: ReactNode }) => (
  <code className="break-words rounded bg-parchment px-1 py-0.5 text-[0.9em] text-ink">{children}</code>
);

/** One part: its name, a word on how it stands, and what to know or do. */
function Part({
  icon: Icon,
  title,
  badge,
  children,
}: {
  icon: LucideIcon;
  title: string;
  badge?: { tone: BadgeTone; label: string };
  children: ReactNode;
}) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="flex items-center gap-2 font-sans text-base font-bold">
          <Icon className="size-5 text-sage-600" aria-hidden="true" />
          {title}
        </h3>
        {badge && <Badge tone={badge.tone}>{badge.label}</Badge>}
      </div>
      <div className="mt-1.5 max-w-3xl space-y-1.5 ps-7 text-ink">{children}</div>
    </li>
  );
}

/**
 * The overview's Status: whether mail, payments, the newsletter, backups and push are set up and
 * working, the versions, and a test mail that reports the mail server's answer.
 */
export function StatusSection() {
  // Asked again each time the overview opens: the last webhook, sync and backup move on.
  const status = useEndpoint(api.status, undefined, { staleTime: 0, refetchOnMount: "always" });
  const data = status.data;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="status-heading">
        <h2 id="status-heading" className="flex items-center gap-2 font-sans text-lg font-bold">
          <Gauge className="size-5 text-sage-600" aria-hidden="true" />
          Status
        </h2>
        {status.isPending ? (
          <div role="status" aria-label="Loading the status" className="mt-4 space-y-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ) : status.isError || !data ? (
          <p className="mt-4 text-muted">
            We couldn't load the status just now.{" "}
            <RetryButton onRetry={() => void status.refetch()} className="text-sage-700" />
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-linen">
            <MailPart mail={data.mail} />
            <PaymentsPart payments={data.payments} />
            <NewsletterPart newsletter={data.newsletter} />
            <BackupsPart backups={data.backups} />
            <Part
              icon={BellRing}
              title="Push notifications"
              badge={data.push.configured ? { tone: "green", label: "On" } : { tone: "gray", label: "Off" }}
            >
              {data.push.configured ? (
                <p>The keys are set: members can turn on notifications on their phones and computers.</p>
              ) : (
                <p>
                  Push notifications are off. To turn them on, set <Setting>VAPID_PUBLIC_KEY</Setting> and{" "}
                  <Setting>VAPID_PRIVATE_KEY</Setting> (made with{" "}
                  <Setting>npx web-push generate-vapid-keys</Setting>
                  ), then restart the app.
                </p>
              )}
            </Part>
            <Part icon={Tag} title="Version">
              <p>
                App {data.version.app} · PostgreSQL {data.version.database}
              </p>
            </Part>
          </ul>
        )}
      </section>
    </Card>
  );
}

function MailPart({ mail }: { mail: SystemStatus["mail"] }) {
  const test = useEndpointMutation(api.testMail, {
    input: (_: undefined) => ({}),
    failure: {
      title: "Test mail not sent",
      description: "The test mail could not be sent just now. Please try again.",
      preferServerMessage: true,
    },
  });
  return (
    <Part
      icon={Mail}
      title="Mail"
      badge={
        mail.transport === "smtp"
          ? { tone: "sage", label: "Through SMTP" }
          : { tone: "yellow", label: "Not sending" }
      }
    >
      {mail.transport === "smtp" ? (
        <p>
          Sent through <span className="break-words font-semibold">{mail.host}</span>, port {mail.port}
          {mail.secure ? " (TLS)" : ""}, from <span className="break-words">{mail.from}</span>.
        </p>
      ) : (
        <p>
          Written to the server log, not sent: members receive no mail. To send it, set{" "}
          <Setting>SMTP_URL</Setting> (for example{" "}
          <Setting>smtp://user:password@mail.example.org:587</Setting>
          ), then restart the app.
        </p>
      )}
      <div className="pt-1">
        <Button variant="secondary" onClick={() => test.mutate(undefined)} disabled={test.isPending}>
          {test.isPending ? "Sending..." : "Send a test mail"}
        </Button>
      </div>
      <div role="status" aria-live="polite" data-testid="test-mail-result">
        {test.data && <TestMailAnswer result={test.data} />}
      </div>
    </Part>
  );
}

/** What the test mail came to, and the mail server's own words. */
const ANSWER_LOOKS = {
  sent: { icon: CircleCheck, box: "border-sage-200 bg-sage-50", mark: "text-sage-700" },
  logged: { icon: Info, box: "border-linen bg-parchment", mark: "text-muted" },
  refused: { icon: TriangleAlert, box: "border-clay-200 bg-clay-50", mark: "text-clay-700" },
};

function TestMailAnswer({ result }: { result: TestMailResult }) {
  const look = ANSWER_LOOKS[!result.ok ? "refused" : result.transport === "log" ? "logged" : "sent"];
  const Icon = look.icon;
  return (
    <div className={`flex gap-2 rounded-xl border px-4 py-3 ${look.box}`}>
      <Icon className={`mt-0.5 size-5 shrink-0 ${look.mark}`} aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold break-words">{result.message}</p>
        {result.response ? (
          <p className="mt-1 text-sm">
            The mail server answered:{" "}
            <code className="break-words rounded bg-white/70 px-1 py-0.5">{result.response}</code>
          </p>
        ) : (
          !result.ok && result.code && <p className="mt-1 text-sm">Error code: {result.code}</p>
        )}
      </div>
    </div>
  );
}

function PaymentsPart({ payments }: { payments: SystemStatus["payments"] }) {
  if (!payments.configured) {
    return (
      <Part icon={CreditCard} title="Payments" badge={{ tone: "gray", label: "Not set up" }}>
        <p>
          Payments are not set up. To receive gifts and patron subscriptions, set{" "}
          <Setting>STRIPE_SECRET_KEY</Setting>, <Setting>STRIPE_PUBLISHABLE_KEY</Setting>,{" "}
          <Setting>STRIPE_WEBHOOK_SECRET</Setting> and <Setting>STRIPE_PRICE_ID</Setting> from your Stripe
          dashboard, then restart the app.
        </p>
      </Part>
    );
  }
  return (
    <Part
      icon={CreditCard}
      title="Payments"
      badge={
        payments.mode === "live" ? { tone: "green", label: "Live" } : { tone: "yellow", label: "Test mode" }
      }
    >
      <p>
        {payments.mode === "live"
          ? "Stripe's live keys are set."
          : "Stripe's test keys are set: no real money moves."}
      </p>
      {payments.lastWebhookAt ? (
        <p>
          Stripe's last webhook arrived <Ago at={payments.lastWebhookAt} />.
        </p>
      ) : (
        <p>
          No webhook from Stripe has arrived yet. In your Stripe dashboard, send events to{" "}
          <Setting>{payments.webhookUrl}</Setting>.
        </p>
      )}
    </Part>
  );
}

const articles = (n: number) => `${n} new article${n === 1 ? "" : "s"}`;

function NewsletterPart({ newsletter }: { newsletter: SystemStatus["newsletter"] }) {
  const { name, lastSync } = newsletter;
  if (!newsletter.configured) {
    return (
      <Part icon={Newspaper} title="Newsletter" badge={{ tone: "gray", label: "Not set up" }}>
        <p>
          No feed is set. To bring in your {name} articles every hour, give your feed's address in{" "}
          <Link
            href="/admin?tab=settings"
            className="font-semibold text-sage-700 underline underline-offset-2"
          >
            Settings
          </Link>
          .
        </p>
      </Part>
    );
  }
  return (
    <Part
      icon={Newspaper}
      title="Newsletter"
      badge={
        !lastSync
          ? { tone: "gray", label: "Not synced yet" }
          : lastSync.ok
            ? { tone: "green", label: "Working" }
            : { tone: "clay", label: "Last sync failed" }
      }
    >
      {!lastSync ? (
        <p>The {name} feed is set. Its articles are brought in every hour.</p>
      ) : lastSync.ok ? (
        <p>
          Last sync <Ago at={lastSync.finishedAt} />: {articles(lastSync.added)}.
        </p>
      ) : (
        <>
          <p>
            Last sync <Ago at={lastSync.finishedAt} /> failed:{" "}
            <span className="break-words">{lastSync.error}</span>
          </p>
          <p className="text-sm text-muted">
            {newsletter.lastSuccessAt ? (
              <>
                The last sync that worked was <Ago at={newsletter.lastSuccessAt} />.
              </>
            ) : (
              "No sync has worked in the last month."
            )}
          </p>
        </>
      )}
    </Part>
  );
}

function BackupsPart({ backups }: { backups: SystemStatus["backups"] }) {
  const { lastBackup } = backups;
  return (
    <Part
      icon={DatabaseBackup}
      title="Backups"
      badge={
        !lastBackup
          ? { tone: "clay", label: "No backup yet" }
          : backups.overdue
            ? { tone: "clay", label: "Overdue" }
            : { tone: "green", label: "Recent" }
      }
    >
      {lastBackup ? (
        <p>
          Last backup <Ago at={lastBackup.at} />, {formatBytes(lastBackup.bytes)}
          <span className="block break-all text-sm text-muted">{lastBackup.fileName}</span>
        </p>
      ) : (
        <p>No backup has been made yet.</p>
      )}
      <p className="text-sm text-muted">
        {backups.dailyOff ? "Daily backups are off. " : ""}Backups are kept in{" "}
        <span className="break-words">{backups.folder}</span>.
      </p>
    </Part>
  );
}
