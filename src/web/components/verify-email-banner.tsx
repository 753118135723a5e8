import { useQueryClient } from "@tanstack/react-query";
import { MailWarning, X } from "lucide-react";
import { useState } from "react";
import { USER_KEY } from "~/web/lib/auth";
import { resendVerification } from "~/web/lib/email-verification";
import { Trans, t } from "~/web/lib/i18n";
import { Button } from "./ui/button";

/**
 * A quiet reminder under the header while her address is unconfirmed. She can hide it for now; it
 * is back on her next visit, and gone for good once she follows the link.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const client = useQueryClient();
  const [hidden, setHidden] = useState(false);
  const [sending, setSending] = useState(false);
  if (hidden) return null;

  const resend = () => {
    setSending(true);
    void resendVerification(() => client.invalidateQueries({ queryKey: USER_KEY })).finally(() =>
      setSending(false),
    );
  };

  return (
    <section aria-label={t("E-mail confirmation")} className="border-b border-gold-400/30 bg-gold-100/60">
      <div className="container-page flex items-start gap-3 py-2.5 sm:items-center">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-gold-700 sm:mt-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm text-ink">
          <Trans
            id="Please confirm your e-mail address. We sent a link to {email}."
            values={{ email: <strong className="font-semibold break-words">{email}</strong> }}
          />
        </p>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="outline" size="sm" className="h-8 bg-white/80" disabled={sending} onClick={resend}>
            {sending ? t("Sending...") : t("Resend")}
          </Button>
          <button
            type="button"
            aria-label={t("Hide this reminder")}
            onClick={() => setHidden(true)}
            className="rounded-full p-1.5 text-muted transition-colors hover:bg-white/70 hover:text-ink"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
