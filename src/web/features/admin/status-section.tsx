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
import { Trans, t } from "~/web/lib/i18n";

/** A moment, as "3 hours ago", its date and time on hover. */
function Ago({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeAge(at)}
    </time>
  );
}

/** A setting's name, as she would type it into the server's environment. */
const Setting = ({ children }: { children?: ReactNode }) => (
  <code dir="ltr" className="break-words rounded bg-parchment px-1 py-0.5 text-[0.9em] text-ink">
    {children}
  </code>
);

/** Setting names inside a message: `<0>SMTP_URL</0>`, each element numbered in the message's order. */
const settings = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [i, <Setting key={i} />]));

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
          {t("Status")}
        </h2>
        {status.isPending ? (
          <div role="status" aria-label={t("Loading the status")} className="mt-4 space-y-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ) : status.isError || !data ? (
          <p className="mt-4 text-muted">
            {t("We couldn't load the status just now.")}{" "}
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
              title={t("Push notifications")}
              badge={
                data.push.configured ? { tone: "green", label: t("On") } : { tone: "gray", label: t("Off") }
              }
            >
              {data.push.configured ? (
                <p>
                  {t("The keys are set: members can turn on notifications on their phones and computers.")}
                </p>
              ) : (
                <p>
                  <Trans
                    id="Push notifications are off. To turn them on, set <0>VAPID_PUBLIC_KEY</0> and <1>VAPID_PRIVATE_KEY</1> (made with <2>npx web-push generate-vapid-keys</2>), then restart the app."
                    components={settings(3)}
                  />
                </p>
              )}
            </Part>
            <Part icon={Tag} title={t("Version")}>
              <p>
                {t("App {app} · PostgreSQL {database}", {
                  app: data.version.app,
                  database: data.version.database,
                })}
              </p>
            </Part>
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The mail server's host and the sender, in the line that says how mail leaves. */
const mailParts = {
  0: <span dir="ltr" className="break-words font-semibold" />,
  1: <span dir="ltr" className="break-words" />,
};

function MailPart({ mail }: { mail: SystemStatus["mail"] }) {
  const test = useEndpointMutation(api.testMail, {
    input: (_: undefined) => ({}),
    failure: {
      title: t("Test mail not sent"),
      description: t("The test mail could not be sent just now. Please try again."),
      preferServerMessage: true,
    },
  });
  return (
    <Part
      icon={Mail}
      title={t("Mail")}
      badge={
        mail.transport === "smtp"
          ? { tone: "sage", label: t("Through SMTP") }
          : { tone: "yellow", label: t("Not sending") }
      }
    >
      {mail.transport === "smtp" ? (
        <p>
          {/* Each message written out whole: the build compiles the English of literal ids only. */}
          {mail.secure ? (
            <Trans
              id="Sent through <0>{host}</0>, port {port} (TLS), from <1>{from}</1>."
              values={{ host: mail.host, port: mail.port, from: mail.from }}
              components={mailParts}
            />
          ) : (
            <Trans
              id="Sent through <0>{host}</0>, port {port}, from <1>{from}</1>."
              values={{ host: mail.host, port: mail.port, from: mail.from }}
              components={mailParts}
            />
          )}
        </p>
      ) : (
        <p>
          <Trans
            id="Written to the server log, not sent: members receive no mail. To send it, set <0>SMTP_URL</0> (for example <1>smtp://user:password@mail.example.org:587</1>), then restart the app."
            components={settings(2)}
          />
        </p>
      )}
      <div className="pt-1">
        <Button variant="secondary" onClick={() => test.mutate(undefined)} disabled={test.isPending}>
          {test.isPending ? t("Sending...") : t("Send a test mail")}
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
            <Trans
              id="The mail server answered: <0>{response}</0>"
              values={{ response: result.response }}
              components={{ 0: <code dir="ltr" className="break-words rounded bg-white/70 px-1 py-0.5" /> }}
            />
          </p>
        ) : (
          !result.ok &&
          result.code && <p className="mt-1 text-sm">{t("Error code: {code}", { code: result.code })}</p>
        )}
      </div>
    </div>
  );
}

function PaymentsPart({ payments }: { payments: SystemStatus["payments"] }) {
  if (!payments.configured) {
    return (
      <Part icon={CreditCard} title={t("Payments")} badge={{ tone: "gray", label: t("Not set up") }}>
        <p>
          <Trans
            id="Payments are not set up. To receive gifts and patron subscriptions, set <0>STRIPE_SECRET_KEY</0>, <1>STRIPE_PUBLISHABLE_KEY</1>, <2>STRIPE_WEBHOOK_SECRET</2> and <3>STRIPE_PRICE_ID</3> from your Stripe dashboard, then restart the app."
            components={settings(4)}
          />
        </p>
      </Part>
    );
  }
  return (
    <Part
      icon={CreditCard}
      title={t("Payments")}
      badge={
        payments.mode === "live"
          ? { tone: "green", label: t("Live") }
          : { tone: "yellow", label: t("Test mode") }
      }
    >
      <p>
        {payments.mode === "live"
          ? t("Stripe's live keys are set.")
          : t("Stripe's test keys are set: no real money moves.")}
      </p>
      {payments.lastWebhookAt ? (
        <p>
          <Trans
            id="Stripe's last webhook arrived {age}."
            values={{ age: <Ago at={payments.lastWebhookAt} /> }}
          />
        </p>
      ) : (
        <p>
          <Trans
            id="No webhook from Stripe has arrived yet. In your Stripe dashboard, send events to <0>{address}</0>."
            values={{ address: payments.webhookUrl }}
            components={{ 0: <Setting /> }}
          />
        </p>
      )}
    </Part>
  );
}

function NewsletterPart({ newsletter }: { newsletter: SystemStatus["newsletter"] }) {
  const { name, lastSync } = newsletter;
  if (!newsletter.configured) {
    return (
      <Part icon={Newspaper} title={t("Newsletter")} badge={{ tone: "gray", label: t("Not set up") }}>
        <p>
          <Trans
            id="No feed is set. To bring in your {name} articles every hour, give your feed's address in <0>Settings</0>."
            values={{ name }}
            components={{
              0: (
                <Link
                  href="/admin?tab=settings"
                  className="font-semibold text-sage-700 underline underline-offset-2"
                />
              ),
            }}
          />
        </p>
      </Part>
    );
  }
  return (
    <Part
      icon={Newspaper}
      title={t("Newsletter")}
      badge={
        !lastSync
          ? { tone: "gray", label: t("Not synced yet") }
          : lastSync.ok
            ? { tone: "green", label: t("Working") }
            : { tone: "clay", label: t("Last sync failed") }
      }
    >
      {!lastSync ? (
        <p>{t("The {name} feed is set. Its articles are brought in every hour.", { name })}</p>
      ) : lastSync.ok ? (
        <p>
          <Trans
            id="{count, plural, one {Last sync {age}: # new article.} other {Last sync {age}: # new articles.}}"
            values={{ count: lastSync.added, age: <Ago at={lastSync.finishedAt} /> }}
          />
        </p>
      ) : (
        <>
          <p>
            <Trans
              id="Last sync {age} failed: <0>{error}</0>"
              values={{ age: <Ago at={lastSync.finishedAt} />, error: lastSync.error }}
              components={{ 0: <span className="break-words" /> }}
            />
          </p>
          <p className="text-sm text-muted">
            {newsletter.lastSuccessAt ? (
              <Trans
                id="The last sync that worked was {age}."
                values={{ age: <Ago at={newsletter.lastSuccessAt} /> }}
              />
            ) : (
              t("No sync has worked in the last month.")
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
      title={t("Backups")}
      badge={
        !lastBackup
          ? { tone: "clay", label: t("No backup yet") }
          : backups.overdue
            ? { tone: "clay", label: t("Overdue") }
            : { tone: "green", label: t("Recent") }
      }
    >
      {lastBackup ? (
        <p>
          <Trans
            id="Last backup {age}, {size}"
            values={{ age: <Ago at={lastBackup.at} />, size: formatBytes(lastBackup.bytes) }}
          />
          <span dir="ltr" className="block break-all text-sm text-muted">
            {lastBackup.fileName}
          </span>
        </p>
      ) : (
        <p>{t("No backup has been made yet.")}</p>
      )}
      <p className="text-sm text-muted">
        {backups.dailyOff ? (
          <Trans
            id="Daily backups are off. Backups are kept in <0>{folder}</0>."
            values={{ folder: backups.folder }}
            components={{ 0: <span dir="ltr" className="break-words" /> }}
          />
        ) : (
          <Trans
            id="Backups are kept in <0>{folder}</0>."
            values={{ folder: backups.folder }}
            components={{ 0: <span dir="ltr" className="break-words" /> }}
          />
        )}
      </p>
    </Part>
  );
}
