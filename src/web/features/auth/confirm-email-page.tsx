import { MailCheck, MailX } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/routes";
import { AccountCard, CardHeading, CardText, Checking, useLinkConfirmation } from "./account-card";

const CONFIRM_EMAIL_URL = "/api/profile/email/confirm";

/** /confirm-email?token=…: the link mailed to a new address; following it makes it hers. */
export default function ConfirmEmailPage({ member }: { member?: AccountPageMember }) {
  const { state, retry } = useLinkConfirmation(CONFIRM_EMAIL_URL, member?.refresh);

  if (state.status === "pending") {
    return (
      <AccountCard icon={MailCheck}>
        <Checking label="Confirming your new e-mail address" />
      </AccountCard>
    );
  }

  if (state.status === "confirmed") {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>Your e-mail address is now {state.email}</CardHeading>
        <CardText>Thank you. From now on, we'll write to you there.</CardText>
        <Link href="/" className={buttonClass("primary", "md", "mt-7 w-full")}>
          Continue
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={MailX} tone="clay">
      <CardHeading takeFocus>
        {state.retry ? "We couldn't change your address" : "This link can't be used"}
      </CardHeading>
      <CardText>{state.message}</CardText>
      {member && !state.retry && (
        <CardText>To ask for a new link, change your e-mail address again on your profile.</CardText>
      )}
      <div className="mt-7 flex flex-col gap-3">
        {state.retry ? (
          <Button onClick={retry}>Try again</Button>
        ) : member ? (
          <Link href="/profile" className={buttonClass("primary")}>
            Go to your profile
          </Link>
        ) : (
          <Link href="/sign-in" className={buttonClass("primary")}>
            Sign in
          </Link>
        )}
      </div>
    </AccountCard>
  );
}
