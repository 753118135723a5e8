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
