import { MailCheck, MailX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { authEndpoints } from "~/core/auth/endpoints";
import { AUTH_MESSAGES, type EmailConfirmedResult } from "~/core/auth/schemas";
import type { profileEndpoints } from "~/core/profile/endpoints";
import { Button, buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/lib/account-page";
import { ApiError, call } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import { AccountCard, CardHeading, CardText, failureMessage, useLinkToken, Working } from "./account-card";

/** The endpoints that take a mailed link's token and prove an address. */
type ConfirmEndpoint = typeof authEndpoints.verifyEmail | typeof profileEndpoints.confirmEmailChange;

export type Confirmation =
  | { status: "pending" }
  | { status: "confirmed"; email: string; message: string }
  /** `retry`: nothing was used up (no answer, or asked too often), so asking again may work. */
  | { status: "failed"; message: string; retry: boolean };

// A link works once: however often the page asks (React's strict mode runs effects twice in
// development), each token is sent once per page load, and every asker shares the answer.
const sent = new Map<string, Promise<EmailConfirmedResult>>();

/** Sends the link's token to the endpoint as soon as the page runs, and tells how it went. */
export function useLinkConfirmation(endpoint: ConfirmEndpoint, onConfirmed?: () => Promise<void>) {
  const token = useLinkToken();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Confirmation>({ status: "pending" });
  const confirmed = useRef(onConfirmed);
  useEffect(() => {
    confirmed.current = onConfirmed;
  });

  useEffect(() => {
    if (token === undefined) return;
    if (token === null) {
      setState({ status: "failed", message: t(AUTH_MESSAGES.linkInvalid), retry: false });
      return;
    }
    let live = true;
    const key = `${endpoint.id} ${token}`;
    let request = sent.get(key);
    if (!request) {
      request = call(endpoint, { body: { token } });
      sent.set(key, request);
    }
    setState({ status: "pending" });
    request.then(
      async (result) => {
        // The member's banner and profile should show the address as it now is.
        await confirmed.current?.().catch(() => undefined);
        if (live) setState({ status: "confirmed", email: result.email, message: result.message });
      },
      (err: unknown) => {
        // A 4xx used the link up or refused it; a busy server (429) or no answer did not.
        const retry = !(err instanceof ApiError && err.status < 500 && err.status !== 429);
        if (retry) sent.delete(key);
        if (live) setState({ status: "failed", message: failureMessage(err), retry });
      },
    );
    return () => {
      live = false;
    };
    // `attempt` asks again after a failure that used nothing up.
  }, [endpoint, token, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * A page a mailed link opens (/verify-email, /confirm-email): it checks the link at once, then says
 * how it went. The texts are the page's; a used-up link offers the member `usedUp` (her way to a new
 * link) and a visitor the sign-in.
 */
export function LinkConfirmationPage({
  endpoint,
  member,
  checking,
  confirmed,
  couldNot,
  usedUp,
  usedUpNote,
  after,
}: {
  endpoint: ConfirmEndpoint;
  member: AccountPageMember | undefined;
  /** While the link is checked: "Confirming your e-mail address". */
  checking: string;
  confirmed: (email: string) => { heading: string; text: string };
  /** The heading when asking again may work: "We couldn't confirm your address". */
  couldNot: string;
  /** A member's action when the link cannot be used. */
  usedUp: ReactNode;
  /** What a member is told to do when the link cannot be used, if anything. */
  usedUpNote?: string;
  /** Below the actions, for a member. */
  after?: ReactNode;
}) {
  const { state, retry } = useLinkConfirmation(endpoint, member?.refresh);

  if (state.status === "pending") {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading>{checking}</CardHeading>
        <Working>{t("One moment, please...")}</Working>
      </AccountCard>
    );
  }

  if (state.status === "confirmed") {
    const { heading, text } = confirmed(state.email);
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>{heading}</CardHeading>
        <CardText>{text}</CardText>
        <Link href="/" className={buttonClass("primary", "md", "mt-7 w-full")}>
          {t("Continue")}
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={MailX} tone="clay">
      <CardHeading takeFocus>{state.retry ? couldNot : t("This link can't be used")}</CardHeading>
      <CardText>{state.message}</CardText>
      {member && !state.retry && usedUpNote && <CardText>{usedUpNote}</CardText>}
      <div className="mt-7 flex flex-col gap-3">
        {state.retry ? (
          <Button onClick={retry}>{t("Try again")}</Button>
        ) : member ? (
          usedUp
        ) : (
          <Link href="/sign-in" className={buttonClass("primary")}>
            {t("Sign in")}
          </Link>
        )}
        {member && after}
      </div>
    </AccountCard>
  );
}
