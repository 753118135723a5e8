import { useState } from "react";
import { Link } from "wouter";
import { authEndpoints } from "~/core/auth/endpoints";
import { Button, buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/lib/account-page";
import { resendVerification } from "~/web/lib/email-verification";
import { t } from "~/web/lib/i18n";
import { LinkConfirmationPage } from "./link-confirmation";

/** /verify-email?token=…: the link mailed to confirm her address, confirmed as soon as it opens. */
export default function VerifyEmailPage({ member }: { member?: AccountPageMember }) {
  return (
    <LinkConfirmationPage
      endpoint={authEndpoints.verifyEmail}
      member={member}
      checking={t("Confirming your e-mail address")}
      confirmed={(email) => ({
        heading: t("Your e-mail address is confirmed"),
        text: t("Thank you. We'll write to you at {email}.", { email }),
      })}
      couldNot={t("We couldn't confirm your address")}
      usedUp={member && <ResendButton member={member} />}
      after={
        <Link href="/" className={buttonClass("outline")}>
          {t("Continue")}
        </Link>
      }
    />
  );
}

function ResendButton({ member }: { member: AccountPageMember }) {
  const [sending, setSending] = useState(false);
  return (
    <Button
      disabled={sending}
      onClick={() => {
        setSending(true);
        void resendVerification(member.refresh).finally(() => setSending(false));
      }}
    >
      {sending ? t("Sending...") : t("Send a new link")}
    </Button>
  );
}
