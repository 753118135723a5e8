import type { LucideIcon } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { AUTH_MESSAGES, type EmailConfirmedResult } from "~/core/schemas/auth";
import { Logo } from "~/web/components/logo";
import { ApiError, apiRequest } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";

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

/** The message for a failed request: the server's own for a 4xx, else a connection problem. */
export function failureMessage(err: unknown) {
  if (err instanceof ApiError && err.status < 500 && err.serverMessage) return err.serverMessage;
  return CONNECTION_PROBLEM;
}

export type Confirmation =
  | { status: "pending" }
  | { status: "confirmed"; email: string; message: string }
  /** `retry`: nothing was used up (no answer, or asked too often), so asking again may work. */
  | { status: "failed"; message: string; retry: boolean };

// A link works once: however often the page asks (React's strict mode runs effects twice in
// development), each token is sent once per page load, and every asker shares the answer.
const sent = new Map<string, Promise<EmailConfirmedResult>>();

/** Sends the link's token to `url` as soon as the page runs, and tells how it went. */
export function useLinkConfirmation(url: string, onConfirmed?: () => Promise<void>) {
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
      setState({ status: "failed", message: AUTH_MESSAGES.linkInvalid, retry: false });
      return;
    }
    let live = true;
    const key = `${url} ${token}`;
    let request = sent.get(key);
    if (!request) {
      request = apiRequest<EmailConfirmedResult>("POST", url, { token });
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
  }, [url, token, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** Shown while the link is being checked. */
export function Checking({ label }: { label: string }) {
  return (
    <>
      <CardHeading>{label}</CardHeading>
      <div role="status" className="mt-6 flex items-center justify-center gap-3 text-muted">
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-[3px] border-sage-200 border-t-sage-600"
        />
        <span>One moment, please...</span>
      </div>
    </>
  );
}
