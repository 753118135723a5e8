import { Pencil, Trash2 } from "lucide-react";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import type { OpenIntent } from "~/web/lib/lazy-dialog";

/**
 * A pencil and a bin for one item of a list, named for it: "Edit note", "Delete Walking in grace".
 * `what` is in the page's language (a title as written, or a translated word).
 */
export function EditDeleteButtons({
  what,
  onEdit,
  onDelete,
  editIntent,
  className,
}: {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The signs that start loading the edit dialog (`lazyDialog`'s `intent`), when it loads on first opening. */
  editIntent?: OpenIntent;
  className?: string;
}) {
  const buttons = [
    {
      label: t("Edit {what}", { what }),
      Icon: Pencil,
      onClick: onEdit,
      intent: editIntent,
      hover: "hover:bg-sage-100 hover:text-sage-800",
    },
    {
      label: t("Delete {what}", { what }),
      Icon: Trash2,
      onClick: onDelete,
      intent: undefined,
      hover: "hover:bg-red-50 hover:text-danger",
    },
  ];
  return (
    <span className={cn("inline-flex shrink-0", className)}>
      {buttons.map(({ label, Icon, onClick, intent, hover }) => (
        <button
          key={label}
          type="button"
          onClick={onClick}
          {...intent}
          className={cn("rounded-full p-2 text-muted transition-colors", hover)}
          aria-label={label}
        >
          <Icon className="size-4.5" aria-hidden="true" />
        </button>
      ))}
    </span>
  );
}
