import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-[3px] border-sage-200 border-t-sage-600"
      />
      <span className="sr-only">{label ?? t("Loading")}</span>
    </span>
  );
}

/** Centered spinner for a page whose data is on its way. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
