import { DatabaseBackup, TriangleAlert } from "lucide-react";
import { backupsEndpoints } from "~/core/backups/endpoints";
import type { BackupStatus } from "~/core/backups/schemas";
import { formatBytes, formatDateTime, formatRelativeAge } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { Card } from "~/web/components/ui/card";
import { RetryButton } from "~/web/components/ui/retry-button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useEndpoint } from "~/web/lib/endpoints";
import { Trans, t } from "~/web/lib/i18n";

/** What the overview says of each state, beside the last backup's moment and size. */
const WARNINGS: Partial<Record<BackupStatus["state"], MessageId>> = {
  stale:
    "No backup has been made in the last two days. Check that the app is running and has room on its disk.",
  failed: "The last backup failed.",
};

/** The daily backups on the admin overview: the last one, its size, and a warning when overdue or failed. */
export function BackupCard() {
  // Asked again each time the overview opens: it is about the hours since the last backup.
  const status = useEndpoint(backupsEndpoints.status, undefined, { staleTime: 0, refetchOnMount: "always" });
  const data = status.data;
  const warning = data && WARNINGS[data.state];

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-sans text-lg font-bold">
        <DatabaseBackup className="size-5 text-sage-600" aria-hidden="true" />
        {t("Backups")}
      </h2>
      {status.isPending ? (
        <div role="status" aria-label={t("Loading backups")} className="mt-4 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : status.isError || !data ? (
        <p className="mt-4 text-muted">
          {t("We couldn't load the backups just now.")}{" "}
          <RetryButton onRetry={() => void status.refetch()} className="text-sage-700" />
        </p>
      ) : (
        <div className="mt-4 space-y-3">
          {warning && (
            <div
              className="flex gap-2 rounded-xl border border-clay-200 bg-clay-50 px-4 py-3 text-ink"
              data-testid="backup-warning"
            >
              <TriangleAlert className="mt-0.5 size-5 shrink-0 text-clay-700" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-semibold">{t(warning)}</p>
                {data.lastFailure && (
                  <p className="mt-1 break-words text-sm">
                    {formatDateTime(data.lastFailure.startedAt)}:{" "}
                    <span dir="ltr">{data.lastFailure.message}</span>
                  </p>
                )}
              </div>
            </div>
          )}
          {data.lastBackup ? (
            <p className="text-ink">
              <Trans
                id="Last backup {age}, {size}"
                values={{
                  age: (
                    <time
                      dateTime={data.lastBackup.finishedAt}
                      title={formatDateTime(data.lastBackup.finishedAt)}
                    >
                      {formatRelativeAge(data.lastBackup.finishedAt)}
                    </time>
                  ),
                  size: formatBytes(data.lastBackup.bytes),
                }}
              />
              <span dir="ltr" className="block break-all text-sm text-muted">
                {data.lastBackup.fileName}
              </span>
            </p>
          ) : data.state !== "off" ? (
            <p className="text-ink">{t("No backup yet. One is made every day at 03:00 UTC.")}</p>
          ) : null}
          <p className="text-sm text-muted">
            {data.state === "off"
              ? t("Daily backups are off (BACKUP_KEEP=0). Make one with npm run backup.")
              : t(
                  "{count, plural, one {A backup is made every day at 03:00 UTC; the last # are kept on the server. Copy them somewhere else too: a backup kept only on the server is lost with it.} other {A backup is made every day at 03:00 UTC; the last # are kept on the server. Copy them somewhere else too: a backup kept only on the server is lost with it.}}",
                  { count: data.keep },
                )}
          </p>
        </div>
      )}
    </Card>
  );
}
