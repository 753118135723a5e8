import type { FormEventHandler, ReactNode } from "react";
import { DialogActions } from "./dialog-actions";
import { SubmitButton } from "./submit-button";
import { Dialog, DialogContent } from "./ui/dialog";

/**
 * A dialog that is one form: its fields (`children`), then "Cancel" and the submit button, which
 * says what it is doing while the form is sent (`submit.busyLabel`, "Saving...").
 */
export function FormDialog({
  open = true,
  onOpenChange,
  title,
  description,
  className,
  onSubmit,
  submit,
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: { label: string; busyLabel: string; busy: boolean };
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className={className}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {children}
          <DialogActions className="pt-2">
            <SubmitButton {...submit} />
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
