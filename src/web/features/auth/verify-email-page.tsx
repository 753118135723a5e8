import { MailCheck, MailX } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "~/web/components/ui/button";
import { resendVerification } from "~/web/lib/email-verification";
import type { AccountPageMember } from "~/web/routes";
import { AccountCard, CardHeading, CardText, Checking, useLinkConfirmation } from "./account-card";

const VERIFY_EMAIL_URL = "/api/auth/verify-email";

/** /verify-email?token=…: the link mailed to confirm her address, confirmed as soon as it opens. */
export default function VerifyEmailPage({ member }: { member?: AccountPageMember }) {
  const { state, retry } = useLinkConfirmation(VERIFY_EMAIL_URL, member?.refresh);

  if (state.status === "pending") {
    return (
      <AccountCard icon={MailCheck}>
        <Checking label="Confirming your e-mail address" />
      </AccountCard>
    );
  }

  if (state.status === "confirmed") {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>Your e-mail address is confirmed</CardHeading>
        <CardText>Thank you. We'll write to you at {state.email}.</CardText>
        <Link href="/" className={buttonClass("primary", "md", "mt-7 w-full")}>
          Continue
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={MailX} tone="clay">
      <CardHeading takeFocus>
        {state.retry ? "We couldn't confirm your address" : "This link can't be used"}
      </CardHeading>
      <CardText>{state.message}</CardText>
      <div className="mt-7 flex flex-col gap-3">
        {state.retry ? (
          <Button onClick={retry}>Try again</Button>
        ) : member ? (
          <ResendButton member={member} />
        ) : (
          <Link href="/sign-in" className={buttonClass("primary")}>
            Sign in
          </Link>
        )}
        {member && (
          <Link href="/" className={buttonClass("outline")}>
            Continue
          </Link>
        )}
      </div>
    </AccountCard>
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
      {sending ? "Sending..." : "Send a new link"}
    </Button>
  );
}
