import { Fragment, type ReactNode } from "react";
import { cn } from "~/web/lib/cn";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/**
 * Placeholder shapes laid out by `className` (a column with `space-y-2`, a row with `flex`): one
 * `Skeleton` for each entry of `shapes`, its size and corners ("h-4 w-full", "size-9 rounded-full").
 */
export function SkeletonGroup({ shapes, className }: { shapes: readonly string[]; className?: string }) {
  return (
    <div className={className}>
      {shapes.map((shape, i) => (
        // The shapes never move: their place is their identity.
        <Skeleton key={i} className={shape} />
      ))}
    </div>
  );
}

/**
 * A list that is loading: `count` copies of the placeholder `children` laid out by `className`,
 * and a status that tells screen readers what is coming (`label`: "Loading prayer requests").
 */
export function SkeletonList({
  label,
  count = 3,
  className,
  children,
}: {
  label: string;
  count?: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // The copies are alike and never move: their place is their identity.
        <Fragment key={i}>{children}</Fragment>
      ))}
    </div>
  );
}

/**
 * A member's words while they load (a prayer request, a group's post): her picture and name, a few
 * lines, and the row of what one may do with them.
 */
export function WordsCardSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cn("space-y-4 p-5", className)}>
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-full" />
        <SkeletonGroup className="flex-1 space-y-2" shapes={["h-4 w-32", "h-3 w-20"]} />
      </div>
      <SkeletonGroup className="space-y-3" shapes={["h-4 w-full", "h-4 w-4/5", "h-9 w-48 rounded-full"]} />
    </Card>
  );
}

/** A form while its module loads: its heading and its first fields. */
export function FormCardSkeleton() {
  return (
    <Card className="p-6" aria-busy="true">
      <SkeletonGroup
        className="space-y-4"
        shapes={["h-7 w-48", "h-10 w-full", "h-10 w-full", "h-24 w-full"]}
      />
    </Card>
  );
}
