import { cn } from "~/web/lib/cn";
import { Switch } from "./ui/switch";

/**
 * A switch with its label and a line that explains it (`${id}-hint`). The switch leads (a short list
 * of choices in a narrow form) or, with `side="end"`, follows at the row's end (a settings row).
 */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  side = "start",
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  side?: "start" | "end";
}) {
  const leads = side === "start";
  const control = (
    <Switch
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      aria-describedby={`${id}-hint`}
      className={leads ? "mt-0.5" : undefined}
    />
  );
  return (
    <div className={cn("flex items-start", leads ? "gap-3" : "justify-between gap-4")}>
      {leads && control}
      <div>
        <label htmlFor={id} className={leads ? "text-sm font-semibold" : "font-semibold text-ink"}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      {!leads && control}
    </div>
  );
}
