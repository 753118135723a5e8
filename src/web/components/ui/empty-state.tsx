import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";

/** A calm message where a list has nothing to show, with an optional way forward. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-6 py-12 text-center",
        className,
      )}
    >
      {Icon && (
        <span className="flex size-14 items-center justify-center rounded-2xl bg-sage-100 text-sage-600">
          <Icon className="size-7" aria-hidden="true" />
        </span>
      )}
      <h3 className="mt-4 font-sans text-lg font-bold">{title}</h3>
      {children && <div className="mt-1 max-w-md text-muted">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** A failed load, with a retry. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-6 py-8 text-center"
    >
      <h3 className="font-sans text-lg font-bold text-red-900">{t("Something went wrong")}</h3>
      <p className="mt-1 text-red-800">
        {message ? translateKnown(message) : t("We couldn't load this just now. Please try again.")}
      </p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-full bg-white px-4 py-2 text-sm font-semibold text-red-900 ring-1 ring-red-200 hover:bg-red-100"
        >
          {t("Try again")}
        </button>
      )}
    </div>
  );
}
