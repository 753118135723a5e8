import { Lock, Sparkles } from "lucide-react";
import { t } from "~/web/lib/i18n";
import { Badge } from "./ui/badge";

/** A prayer request's standing beside its author: private (in the words of where it is shown) and answered. */
export function PrayerBadges({
  isPrivate,
  isAnswered,
  privateLabel,
}: {
  isPrivate: boolean;
  isAnswered: boolean;
  privateLabel?: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {isPrivate && (
        <Badge tone="neutral">
          <Lock className="size-3" aria-hidden="true" /> {privateLabel ?? t("Private")}
        </Badge>
      )}
      {isAnswered && (
        <Badge tone="yellow">
          <Sparkles className="size-3" aria-hidden="true" /> {t("Answered")}
        </Badge>
      )}
    </div>
  );
}
