import { type FormEvent, useId, useState } from "react";
import { INVITATION_DAYS } from "~/core/invitations/messages";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input } from "~/web/components/ui/input";
import { t } from "~/web/lib/i18n";
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
    if (!EMAIL.test(address)) return setError(t("Please enter a valid e-mail address"));
    invite.mutate(address);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t("Invite a member")}
        description={t(
          "{days, plural, one {She receives an e-mail from {site} with your name and a link to join. The link works once, for # days, and confirms her address.} other {She receives an e-mail from {site} with your name and a link to join. The link works once, for # days, and confirms her address.}}",
          { site: publicConfig.siteName, days: INVITATION_DAYS },
        )}
      >
        <form onSubmit={send} noValidate className="space-y-4">
          <Field id={emailId} label={t("Her e-mail address")} error={error}>
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
              {invite.isPending ? t("Sending...") : t("Send invitation")}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
