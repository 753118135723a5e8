import type { LucideIcon } from "lucide-react";
import { cn } from "~/web/lib/cn";

/**
 * An icon centred on a tinted tile, the emblem of a card, a section or a message. `className` gives
 * the tile its display, size, corners and colours; `iconClassName` the icon's size.
 */
export function IconTile({
  icon: Icon,
  className,
  iconClassName = "size-5",
}: {
  icon: LucideIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn("items-center justify-center", className)}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
