import { cn } from "~/web/lib/cn";

/** The round icon button of the top bar (the bell, messages), darker while its place is open. */
export const topBarIconClass = (active: boolean) =>
  cn(
    "relative rounded-full p-2.5 text-muted transition-colors hover:bg-parchment hover:text-ink",
    active && "bg-parchment text-ink",
  );

/** How many wait unread, on the corner of a top-bar icon; the icon's label says it aloud. */
export function CountBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute top-1 end-1 flex h-[1.1rem] min-w-[1.1rem] items-center justify-center rounded-full bg-clay-600 px-1 text-[0.65rem] leading-none font-bold text-white ring-2 ring-cream"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
