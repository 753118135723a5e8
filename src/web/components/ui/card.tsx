import type { HTMLAttributes } from "react";
import { cn } from "~/web/lib/cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "rounded-[var(--radius-card)] border border-linen/80 bg-white shadow-[var(--shadow-soft)]",
        className,
      )}
      {...props}
    />
  );
}
