import { Ban } from "lucide-react";
import { formatShortDate } from "~/core/format";
import { SectionHeading } from "~/web/components/section-heading";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Trans, t } from "~/web/lib/i18n";
import { useBlocks, useUnblock } from "./api";

/** Her settings' list of the members she blocked, each with a way back. */
export function BlockedMembers() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  return (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={Ban}>{t("Blocked members")}</SectionHeading>
      <p className="mt-1 text-muted">
        {t("You don't see what they share, and they cannot respond to your requests. They are not told.")}
      </p>
      {blocks.isError ? (
        <div className="mt-4">
          <ErrorState
            message={t("We couldn't load your blocked members.")}
            onRetry={() => void blocks.refetch()}
          />
        </div>
      ) : blocks.isPending ? (
        <div className="mt-4 space-y-2" role="status" aria-label={t("Loading blocked members")}>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-40" />
        </div>
      ) : blocks.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{t("You haven't blocked anyone.")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-linen" aria-label={t("Blocked members")}>
          {blocks.data.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-3">
              <span>
                <span dir="auto" className="font-semibold">
                  {member.name}
                </span>
                <span className="block text-sm text-muted">
                  <Trans
                    id="Blocked {day}"
                    values={{
                      day: <time dateTime={member.blockedAt}>{formatShortDate(member.blockedAt)}</time>,
                    }}
                  />
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                aria-label={t("Unblock {name}", { name: member.name })}
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(member.id)}
              >
                {t("Unblock")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
