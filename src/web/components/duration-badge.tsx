import { Clock } from "lucide-react";
import { formatDuration } from "~/core/format";
import { t } from "~/web/lib/i18n";

/** A video's length over the corner of its still ("12:05"); nothing when it is not known. */
export function DurationBadge({ seconds }: { seconds: number | null | undefined }) {
  if (!seconds) return null;
  return (
    <span className="absolute end-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-ink/80 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
      <Clock className="size-3" aria-hidden="true" />
      <span className="sr-only">{t("Duration")} </span>
      {formatDuration(seconds)}
    </span>
  );
}
