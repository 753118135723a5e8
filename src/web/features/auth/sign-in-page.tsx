import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import type { z } from "zod";
import { authEndpoints } from "~/core/auth/endpoints";
import type { loginBody, registerBody } from "~/core/auth/schemas";
import { urlOf } from "~/core/contract";
import { invitationsEndpoints } from "~/core/invitations/endpoints";
import { INVITATION_MESSAGES } from "~/core/invitations/messages";
import type { InvitationPreview } from "~/core/invitations/schemas";
import { localReturnPath } from "~/core/return-to";
import { FormInput } from "~/web/components/form-field";
import { LanguageSwitch } from "~/web/components/language-switch";
import { Logo } from "~/web/components/logo";
import { Skeleton } from "~/web/components/ui/skeleton";
import { call } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { Trans, t } from "~/web/lib/i18n";
import { PASSWORD_HINT } from "~/web/lib/passwords";
import { publicConfig } from "~/web/lib/public-config";
import { rememberTimeZone } from "~/web/lib/time-zone";
import { enterApp, type ForgotPasswordState, FormSubmit, failureMessage } from "./account-card";

type Mode = "sign-in" | "register";

const authSchemas = () => import("~/core/auth/schemas");

// Each form is checked with its schema, loaded when she first reaches a field rather than with the
// page: building zod's schemas was the sign-in page's longest task on a phone.
const loginResolver: Resolver<z.input<typeof loginBody>> = async (values, context, options) =>
  zodResolver((await authSchemas()).loginBody)(values, context, options);
const registerResolver: Resolver<z.input<typeof registerBody>> = async (values, context, options) =>
  zodResolver((await authSchemas()).registerBody)(values, context, options);
const loadSchemas = () => void authSchemas();

type InvitationState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; token: string; preview: InvitationPreview }
  | { status: "invalid" };

/** The invitation whose link she followed (`?invitation=`), asked of the server once the page runs. */
function useInvitation(token: string | undefined): InvitationState {
  const [state, setState] = useState<InvitationState>(token ? { status: "loading" } : { status: "none" });
  useEffect(() => {
    if (!token) return;
    let current = true;
    call(invitationsEndpoints.preview, { params: { token } }).then(
      (preview) => current && setState({ status: "ready", token, preview }),
      () => current && setState({ status: "invalid" }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}

/**
 * /sign-in, and /register (`joining`): signing in, or creating an account. An invitation's link
 * (`/register?invitation=`) opens the account form with the invited address, which it proves.
 * While joining is by invitation, the account form without one says so instead.
 */
export default function SignInPage({ joining = false }: { joining?: boolean }) {
  const [params] = useSearchParams();
  const invitationToken = params.get("invitation")?.trim() || undefined;
  const [mode, setMode] = useState<Mode>(
    joining || invitationToken || params.get("mode") === "register" ? "register" : "sign-in",
  );
  const invitation = useInvitation(invitationToken);
  const invited = invitation.status === "ready" ? invitation : undefined;
  const closed = publicConfig.registration === "invitation";
  const returnTo = localReturnPath(params.get("returnTo")) ?? "/";
  const externalFailed = params.get("error") === "external";
  const externalRefused = params.get("error") === "invitation";
  const showTabs = invitation.status !== "loading" && !invited;
  const { siteName } = publicConfig;
  const heading = invited
    ? t("You’re invited to join {siteName}", { siteName: invited.preview.siteName })
    : invitation.status === "loading"
      ? t("You’re invited")
      : mode === "sign-in"
        ? t("Welcome back")
        : closed
          ? t("Joining is by invitation")
          : t("Join the family");
  const lead = invited
    ? t("Choose your password, and your account is ready.")
    : invitation.status === "loading"
      ? t("Opening your invitation...")
      : mode === "sign-in"
        ? t("Sign in to continue growing with {siteName}.", { siteName })
        : closed
          ? t("{siteName} welcomes new members by invitation.", { siteName })
          : t("Create your account. It takes less than a minute.");

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-sage-700 p-12 text-cream lg:flex lg:flex-col lg:justify-between">
        <Link href="/" className="rounded-lg">
          <Logo light />
        </Link>
        <div aria-hidden="true" className="absolute -end-24 -bottom-24 size-96 rounded-full bg-sage-600" />
        <div aria-hidden="true" className="absolute top-24 -end-10 size-40 rounded-full bg-gold-400/20" />
        <figure className="relative max-w-md">
          <blockquote className="font-display text-3xl leading-snug">
            {t("“She is like a tree planted by streams of water, that yields its fruit in its season.”")}
          </blockquote>
          <figcaption className="mt-4 text-sm font-semibold tracking-widest text-sage-200 uppercase">
            {t("after Psalm 1:3")}
          </figcaption>
        </figure>
      </aside>

      <main className="flex flex-col px-4 py-8 sm:px-8">
        <div className="flex items-center gap-3">
          <Link href="/" className="rounded-lg lg:hidden">
            <Logo />
          </Link>
          <LanguageSwitch className="ms-auto" />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-semibold sm:text-4xl">{heading}</h1>
          <p className="mt-2 text-muted">{lead}</p>

          {invitation.status === "invalid" && (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
              {t(INVITATION_MESSAGES.invalid)}
            </p>
          )}

          {showTabs && (
            <div
              role="tablist"
              aria-label={t("Account")}
              className="mt-8 grid grid-cols-2 rounded-full bg-parchment p-1"
            >
              {(["sign-in", "register"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="tab"
                  aria-selected={mode === m}
                  onClick={() => setMode(m)}
                  className={cn(
                    "rounded-full py-2 text-sm font-semibold transition-colors",
                    mode === m ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
                  )}
                >
                  {m === "sign-in" ? t("Sign in") : t("Create account")}
                </button>
              ))}
            </div>
          )}

          {externalRefused && (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
              {t(INVITATION_MESSAGES.closed)}
            </p>
          )}

          {externalFailed && (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
              {t("We couldn't complete sign-in with your provider. Please try again.")}
            </p>
          )}

          <div className="mt-6">
            {invitation.status === "loading" ? (
              <div role="status" aria-label={t("Opening your invitation")} className="space-y-4">
                <Skeleton className="h-11 w-full" />
                <Skeleton className="h-11 w-full" />
                <Skeleton className="h-11 w-full" />
              </div>
            ) : invited ? (
              <RegisterForm returnTo={returnTo} invitation={invited} />
            ) : mode === "sign-in" ? (
              <SignInForm returnTo={returnTo} />
            ) : closed ? (
              <ByInvitation onSignIn={() => setMode("sign-in")} />
            ) : (
              <RegisterForm returnTo={returnTo} />
            )}
          </div>

          {invited && (
            <p className="mt-6 text-center text-sm text-muted">
              <Trans
                id="Already a member? <0>Sign in</0>"
                components={{
                  0: (
                    <Link
                      href="/sign-in"
                      className="rounded font-semibold text-sage-700 underline-offset-4 hover:underline"
                    />
                  ),
                }}
              />
            </p>
          )}

          {publicConfig.externalSignIn && !invited && (
            <>
              <div className="my-6 flex items-center gap-3 text-sm text-muted">
                <span className="h-px flex-1 bg-linen" /> {t("or")} <span className="h-px flex-1 bg-linen" />
              </div>
              <a
                href={urlOf(authEndpoints.oidcLogin, { query: { returnTo } })}
                onClick={rememberTimeZone}
                className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-linen bg-white font-semibold hover:bg-parchment"
              >
                <KeyRound className="size-4" aria-hidden="true" />
                {t("Continue with single sign-on")}
              </a>
            </>
          )}
        </div>
      </main>
    </div>
  );
}

/**
 * Sends the form and, once she is signed in, goes on to the page she was heading to
 * (a full load, so the member app starts fresh); a refusal is kept to show above the button.
 */
function useEnter<B>(send: (body: B) => Promise<unknown>, returnTo: string) {
  const [serverError, setServerError] = useState<string>();
  const enter = async (body: B) => {
    setServerError(undefined);
    try {
      await send(body);
      enterApp(returnTo);
    } catch (err) {
      setServerError(failureMessage(err, { anyStatus: true }));
    }
  };
  return { serverError, enter };
}

function SignInForm({ returnTo }: { returnTo: string }) {
  const form = useForm<z.input<typeof loginBody>>({ resolver: loginResolver });
  const { serverError, enter } = useEnter(
    (body: z.input<typeof loginBody>) => call(authEndpoints.login, { body }),
    returnTo,
  );
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(enter);
  const typedEmail = useWatch({ control: form.control, name: "email" });

  return (
    <form method="post" onSubmit={onSubmit} onFocus={loadSchemas} noValidate className="space-y-4">
      <FormInput
        form={form}
        name="email"
        id="login-email"
        label={t("E-mail")}
        type="email"
        autoComplete="email"
      />
      <FormInput
        form={form}
        name="password"
        id="login-password"
        label={t("Password")}
        type="password"
        autoComplete="current-password"
      />
      <p className="-mt-1 text-end">
        {/* The address she typed goes along (in the history entry, not the address bar), ready there. */}
        <Link
          href="/forgot-password"
          state={{ email: typedEmail?.trim() || undefined } satisfies ForgotPasswordState}
          className="rounded text-sm font-semibold text-sage-700 underline-offset-4 hover:underline"
        >
          {t("Forgot your password?")}
        </Link>
      </p>
      <FormSubmit
        error={serverError}
        busy={isSubmitting}
        label={t("Sign in")}
        busyLabel={t("Signing in...")}
      />
    </form>
  );
}

/** Joining is by invitation: no form that would refuse her, but where an invitation comes from. */
function ByInvitation({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="space-y-4 rounded-2xl bg-sage-50 p-5 text-sage-900">
      <p>
        {t(
          "Please ask the ministry for an invitation. It comes by e-mail, with a link that opens your account here.",
        )}
      </p>
      <p>
        <Trans
          id="Already a member? <0>Sign in</0>"
          components={{
            0: (
              <button
                type="button"
                onClick={onSignIn}
                className="rounded font-semibold text-sage-700 underline underline-offset-4"
              />
            ),
          }}
        />
      </p>
    </div>
  );
}

function RegisterForm({
  returnTo,
  invitation,
}: {
  returnTo: string;
  /** The invitation she followed: its address is hers, already proven. */
  invitation?: { token: string; preview: InvitationPreview };
}) {
  const form = useForm<z.input<typeof registerBody>>({
    resolver: registerResolver,
    defaultValues: invitation ? { email: invitation.preview.email } : undefined,
  });
  const { serverError, enter } = useEnter(
    (body: z.input<typeof registerBody>) =>
      call(authEndpoints.register, {
        body: invitation ? { ...body, email: invitation.preview.email, invitation: invitation.token } : body,
      }),
    returnTo,
  );
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(enter);

  return (
    <form method="post" onSubmit={onSubmit} onFocus={loadSchemas} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="firstName"
          id="reg-first"
          label={t("First name")}
          autoComplete="given-name"
        />
        <FormInput
          form={form}
          name="lastName"
          id="reg-last"
          label={t("Last name")}
          autoComplete="family-name"
        />
      </div>
      <FormInput
        form={form}
        name="email"
        id="reg-email"
        label={t("E-mail")}
        type="email"
        autoComplete="email"
        readOnly={Boolean(invitation)}
        hint={invitation ? t("The address your invitation was sent to.") : undefined}
      />
      <FormInput
        form={form}
        name="password"
        id="reg-password"
        label={t("Password")}
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
      />
      <FormSubmit
        error={serverError}
        busy={isSubmitting}
        label={t("Create account")}
        busyLabel={t("Creating your account...")}
      />
    </form>
  );
}
