import { MailCheck, MailMinus, MailX } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { notificationsEndpoints as api } from "~/core/notifications/endpoints";
import { NOTIFICATION_MESSAGES } from "~/core/notifications/limits";
import type { UnsubscribeMode, UnsubscribeResult } from "~/core/notifications/schemas";
import { Button, buttonClass } from "~/web/components/ui/button";
import { AccountCard, CardHeading, CardText, failureMessage, useLinkToken } from "~/web/features/auth";
import { ApiError, call } from "~/web/lib/api";
import { t, translateKnown } from "~/web/lib/i18n";

type State =
  | { status: "choosing"; busy: boolean }
  | { status: "done"; result: UnsubscribeResult }
  | { status: "failed"; message: string; signIn?: true };

/**
 * /unsubscribe?token=…: the unsubscribe link of a notification mail opened in a browser. Opening it
 * changes nothing (link checkers open links too); she chooses: these off, less often, or all off.
 */
export default function UnsubscribePage() {
  const token = useLinkToken();
  const [state, setState] = useState<State>({ status: "choosing", busy: false });

  const choose = (mode: UnsubscribeMode) => {
    if (!token) return;
    setState({ status: "choosing", busy: true });
    call(api.unsubscribe, { query: { token, mode } }).then(
      (result) => setState({ status: "done", result }),
      // All mail off is hers to choose signed in: the link itself still works for the rest.
      (err: unknown) =>
        setState({
          status: "failed",
          message: failureMessage(err),
          ...(err instanceof ApiError && err.status === 403 && { signIn: true as const }),
        }),
    );
  };

  if (token === null || state.status === "failed") {
    return (
      <AccountCard icon={MailX} tone="clay">
        <CardHeading takeFocus={state.status === "failed"}>
          {state.status === "failed" && state.signIn
            ? t("Please sign in first")
            : t("This link can't be used")}
        </CardHeading>
        <CardText>
          {state.status === "failed" ? state.message : translateKnown(NOTIFICATION_MESSAGES.unsubscribeLink)}
        </CardText>
        <PreferencesLink />
      </AccountCard>
    );
  }
  if (state.status === "done") {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>{t("Done")}</CardHeading>
        <CardText>{translateKnown(state.result.message)}</CardText>
        <PreferencesLink />
      </AccountCard>
    );
  }
  const disabled = !token || state.busy;
  return (
    <AccountCard icon={MailMinus}>
      <CardHeading>{t("Fewer e-mails?")}</CardHeading>
      <CardText>{t("Choose what suits you. Everything still appears under the bell in the app.")}</CardText>
      <div className="mt-6 flex flex-col gap-3">
        <Button disabled={disabled} onClick={() => choose("off")}>
          {t("Stop e-mails like this one")}
        </Button>
        <Button variant="outline" disabled={disabled} onClick={() => choose("digest")}>
          {t("Less often: in my digest")}
        </Button>
        <Button variant="outline" disabled={disabled} onClick={() => choose("all")}>
          {t("All notification mail off")}
        </Button>
      </div>
      <PreferencesLink />
    </AccountCard>
  );
}

const PreferencesLink = () => (
  <Link href="/notifications?tab=preferences" className={buttonClass("link", "sm", "mt-5")}>
    {t("All my notification preferences")}
  </Link>
);
