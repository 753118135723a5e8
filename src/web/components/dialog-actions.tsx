import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { Button } from "./ui/button";
import { DialogClose } from "./ui/dialog";

/** A dialog's buttons: the way out (`cancel`, "Cancel" unless told) and then `children`, the way on. */
export function DialogActions({
  cancel,
  className,
  children,
}: {
  cancel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      <DialogClose asChild>
        <Button variant="ghost">{cancel ?? t("Cancel")}</Button>
      </DialogClose>
      {children}
    </div>
  );
}
