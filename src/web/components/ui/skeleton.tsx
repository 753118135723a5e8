import { cn } from "~/web/lib/cn";
import { Card } from "./card";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-xl bg-linen/70", className)} />;
}

/** Cards of text lines standing in for a list that is loading; `label` names it ("Loading reports"). */
export function SkeletonCards({
  label,
  count = 3,
  className = "space-y-3",
}: {
  label: string;
  count?: number;
  className?: string;
}) {
  return (
    <ul className={className} aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Card className="p-5">
            <SkeletonLines
              className="space-y-3"
              lines={["h-5 w-2/3 max-w-md", "h-4 w-full max-w-lg", "h-4 w-1/2"]}
            />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Lines of text to come, one placeholder a line, each sized by its classes ("h-4 w-full"). */
export function SkeletonLines({ lines, className }: { lines: string[]; className?: string }) {
  return (
    <div className={className}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </div>
  );
}
