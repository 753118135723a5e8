import { cn } from "~/web/lib/cn";
import { Badge } from "./ui/badge";

/** A card's tags as quiet badges, in a list named `label` ("Topics"); the first `limit` of them if given. */
export function TagList({
  tags,
  label,
  limit,
  className = "mt-4",
}: {
  tags: readonly string[];
  label: string;
  limit?: number;
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label={label}>
      {tags.slice(0, limit).map((tag) => (
        <li key={tag}>
          <Badge tone="neutral" className="font-medium" dir="auto">
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
