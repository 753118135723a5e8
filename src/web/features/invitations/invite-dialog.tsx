import { type FormEvent, useId, useState } from "react";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input } from "~/web/components/ui/input";
import { publicConfig } from "~/web/lib/public-config";
import { useInvite } from "./api";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An administrator invites someone by e-mail: a link to join, for 7 days. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const emailId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const invite = useInvite(onClose);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) return setError("Please enter a valid e-mail address");
    invite.mutate(address);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Invite a member"
        description={`She receives an e-mail from ${publicConfig.siteName} with your name and a link to join. The link works once, for 7 days, and confirms her address.`}
      >
        <form onSubmit={send} noValidate className="space-y-4">
          <Field id={emailId} label="Her e-mail address" error={error}>
            <Input
              id={emailId}
              type="email"
              autoComplete="off"
              inputMode="email"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${emailId}-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? "Sending..." : "Send invitation"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
