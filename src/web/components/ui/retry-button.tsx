import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

/** "Try again" inside a sentence that says something could not load: a button that reads as a link. */
export function RetryButton({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <button
      type="button"
      className={cn("font-semibold underline underline-offset-2", className)}
      onClick={onRetry}
    >
      {t("Try again")}
    </button>
  );
}
