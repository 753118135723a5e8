import { ChevronDown } from "lucide-react";
import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "~/web/lib/cn";

/** A native select: accessible everywhere, tiny, and right on phones. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, children, ...props },
  ref,
) {
  return (
    <span className={cn("relative inline-flex w-full", className)}>
      <select
        ref={ref}
        className="h-11 w-full appearance-none rounded-xl border border-linen bg-white pe-10 ps-3.5 text-ink shadow-inner shadow-black/[0.02] focus:border-sage-400 focus:ring-3 focus:ring-sage-200 focus:outline-none aria-[invalid=true]:border-danger"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted"
      />
    </span>
  );
});
