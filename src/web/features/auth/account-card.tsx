import type { LucideIcon } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { Logo } from "~/web/components/logo";
import { Button } from "~/web/components/ui/button";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";
import { rememberTimeZone } from "~/web/lib/time-zone";
import { useHydrated } from "~/web/lib/use-hydrated";

/**
 * The frame of the account pages (forgot password, the links mailed to her): the logo and one calm
 * card in the middle of the screen, the same for a visitor and a signed-in member.
 */
export function AccountCard({
  icon: Icon,
  tone = "sage",
  children,
}: {
  icon: LucideIcon;
  tone?: "sage" | "clay";
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:py-16">
      <Link href="/" className="mb-8 rounded-lg sm:mb-10">
        <Logo />
      </Link>
      <div className="w-full max-w-md rounded-3xl border border-linen bg-white p-6 text-center shadow-[var(--shadow-soft)] sm:p-8">
        <span
          className={cn(
            "mx-auto flex size-14 items-center justify-center rounded-2xl",
            tone === "sage" ? "bg-sage-100 text-sage-700" : "bg-clay-50 text-clay-600",
          )}
        >
          <Icon className="size-7" aria-hidden="true" />
        </span>
        {children}
      </div>
    </main>
  );
}

/**
 * The card's heading. One that replaces another after something happened (a link was checked, a
 * form was sent) takes the focus, so a screen reader reads the outcome and the keyboard starts there.
 */
export function CardHeading({ children, takeFocus = false }: { children: ReactNode; takeFocus?: boolean }) {
  const focus = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (takeFocus) heading?.focus();
    },
    [takeFocus],
  );
  return (
    <h1
      ref={focus}
      tabIndex={takeFocus ? -1 : undefined}
      className="mt-5 text-2xl font-semibold break-words outline-none sm:text-[1.7rem]"
    >
      {children}
    </h1>
  );
}

export const CardText = ({ children, className }: { children: ReactNode; className?: string }) => (
  <p className={cn("mt-2 break-words text-muted", className)}>{children}</p>
);

/** What "Forgot your password?" carries from the sign-in form: the address she typed, if any. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * The address carried from the sign-in form in the history entry (so it survives a reload, and never
 * shows in the address bar or a server's log); read in an effect, never while rendering.
 */
export function useCarriedEmail() {
  const [email, setEmail] = useState<string>();
  useEffect(() => {
    const carried = (window.history.state as ForgotPasswordState | null)?.email;
    if (typeof carried === "string" && carried) setEmail(carried);
  }, []);
  return email;
}

/**
 * The `token` of the link she followed: undefined until the page runs in the browser (the address
 * is read in an effect, never while rendering), then the token or null when the link has none.
 */
export function useLinkToken() {
  const [token, setToken] = useState<string | null>();
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get("token")?.trim() || null);
  }, []);
  return token;
}

export const CONNECTION_PROBLEM = "We couldn't reach the server. Please check your connection and try again.";

/**
 * The message for a failed request, in her language: the server's own for a 4xx (for any answer with
 * `anyStatus`: signing in says why the server could not), else a connection problem.
 */
export function failureMessage(err: unknown, { anyStatus = false } = {}) {
  if (err instanceof ApiError && (anyStatus || err.status < 500) && err.serverMessage)
    return translateKnown(err.serverMessage);
  return t(CONNECTION_PROBLEM);
}

/**
 * The end of an account form: the server's refusal, if any, and the submit button, which waits for
 * the app to run (a press before then would post the page).
 */
export function FormSubmit({
  error,
  busy,
  label,
  busyLabel,
  disabled = false,
}: {
  error: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <>
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy || !hydrated || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/** A spinner and what is happening meanwhile. */
export function Working({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mt-6 flex items-center justify-center gap-3 text-muted">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-sage-200 border-t-sage-600"
      />
      <span>{children}</span>
    </div>
  );
}

/**
 * Into the member app, signed in: a full load, so it starts fresh at `path`, and her first page is
 * rendered with her dates in her zone.
 */
export function enterApp(path: string) {
  rememberTimeZone();
  window.location.assign(path);
}
