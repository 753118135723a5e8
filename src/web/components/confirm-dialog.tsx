import type { ReactNode } from "react";
import { DialogActions } from "./dialog-actions";
import { Button } from "./ui/button";
import { Dialog, DialogContent } from "./ui/dialog";

/**
 * "Are you sure?" about one thing (`subject`; no dialog while it is null): the question, what will
 * happen, and a destructive button that says what it does while it does it. Nothing is rendered
 * while there is nothing to confirm: a list of cards with one each (delete, block) hydrates no
 * dialog machinery until one is asked for.
 */
export function ConfirmDialog<T>({
  subject,
  onClose,
  title,
  description,
  confirm,
  busy,
  onConfirm,
  children,
  variant = "destructive",
}: {
  subject: T | null;
  onClose: () => void;
  title: string;
  description?: (subject: T) => string;
  /** The button: "Delete Note", and "Deleting..." while busy. */
  confirm: { label: string; busyLabel: string };
  busy: boolean;
  onConfirm: (subject: T) => void;
  /** Shown above the buttons: what is about to go. */
  children?: (subject: T) => ReactNode;
  /** The button's look: destructive for what cannot be undone, primary for an ending that is good. */
  variant?: "destructive" | "primary";
}) {
  if (subject === null) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description?.(subject)}>
        {children?.(subject)}
        <DialogActions className={children ? "mt-6" : undefined}>
          <Button variant={variant} disabled={busy} onClick={() => onConfirm(subject)}>
            {busy ? confirm.busyLabel : confirm.label}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
