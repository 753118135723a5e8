import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import type { z } from "zod";
import { authEndpoints } from "~/core/auth/endpoints";
import type { loginBody, registerBody } from "~/core/auth/schemas";
import { urlOf } from "~/core/contract";
import { localReturnPath } from "~/core/return-to";
import { FormInput } from "~/web/components/form-field";
import { Logo } from "~/web/components/logo";
import { call } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
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

export default function SignInPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "register" ? "register" : "sign-in");
  const returnTo = localReturnPath(params.get("returnTo")) ?? "/";
  const externalFailed = params.get("error") === "external";

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-sage-700 p-12 text-cream lg:flex lg:flex-col lg:justify-between">
        <Link href="/" className="rounded-lg">
          <Logo light />
        </Link>
        <div aria-hidden="true" className="absolute -right-24 -bottom-24 size-96 rounded-full bg-sage-600" />
        <div aria-hidden="true" className="absolute top-24 -right-10 size-40 rounded-full bg-gold-400/20" />
        <figure className="relative max-w-md">
          <blockquote className="font-display text-3xl leading-snug">
            “She is like a tree planted by streams of water, that yields its fruit in its season.”
          </blockquote>
          <figcaption className="mt-4 text-sm font-semibold tracking-widest text-sage-200 uppercase">
            after Psalm 1:3
          </figcaption>
        </figure>
      </aside>

      <main className="flex flex-col px-4 py-8 sm:px-8">
        <Link href="/" className="self-start rounded-lg lg:hidden">
          <Logo />
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-semibold sm:text-4xl">
            {mode === "sign-in" ? "Welcome back" : "Join the family"}
          </h1>
          <p className="mt-2 text-muted">
            {mode === "sign-in"
              ? `Sign in to continue growing with ${publicConfig.siteName}.`
              : "Create your account. It takes less than a minute."}
          </p>

          <div
            role="tablist"
            aria-label="Account"
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
                {m === "sign-in" ? "Sign in" : "Create account"}
              </button>
            ))}
          </div>

          {externalFailed && (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
              We couldn't complete sign-in with your provider. Please try again.
            </p>
          )}

          <div className="mt-6">
            {mode === "sign-in" ? <SignInForm returnTo={returnTo} /> : <RegisterForm returnTo={returnTo} />}
          </div>

          {publicConfig.externalSignIn && (
            <>
              <div className="my-6 flex items-center gap-3 text-sm text-muted">
                <span className="h-px flex-1 bg-linen" /> or <span className="h-px flex-1 bg-linen" />
              </div>
              <a
                href={urlOf(authEndpoints.oidcLogin, { query: { returnTo } })}
                onClick={rememberTimeZone}
                className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-linen bg-white font-semibold hover:bg-parchment"
              >
                <KeyRound className="size-4" aria-hidden="true" />
                Continue with single sign-on
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
      <FormInput form={form} name="email" id="login-email" label="E-mail" type="email" autoComplete="email" />
      <FormInput
        form={form}
        name="password"
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <p className="-mt-1 text-right">
        {/* The address she typed goes along (in the history entry, not the address bar), ready there. */}
        <Link
          href="/forgot-password"
          state={{ email: typedEmail?.trim() || undefined } satisfies ForgotPasswordState}
          className="rounded text-sm font-semibold text-sage-700 underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </p>
      <FormSubmit error={serverError} busy={isSubmitting} label="Sign in" busyLabel="Signing in..." />
    </form>
  );
}

function RegisterForm({ returnTo }: { returnTo: string }) {
  const form = useForm<z.input<typeof registerBody>>({ resolver: registerResolver });
  const { serverError, enter } = useEnter(
    (body: z.input<typeof registerBody>) => call(authEndpoints.register, { body }),
    returnTo,
  );
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(enter);

  return (
    <form method="post" onSubmit={onSubmit} onFocus={loadSchemas} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="firstName" id="reg-first" label="First name" autoComplete="given-name" />
        <FormInput form={form} name="lastName" id="reg-last" label="Last name" autoComplete="family-name" />
      </div>
      <FormInput form={form} name="email" id="reg-email" label="E-mail" type="email" autoComplete="email" />
      <FormInput
        form={form}
        name="password"
        id="reg-password"
        label="Password"
        hint="At least 8 characters."
        type="password"
        autoComplete="new-password"
      />
      <FormSubmit
        error={serverError}
        busy={isSubmitting}
        label="Create account"
        busyLabel="Creating your account..."
      />
    </form>
  );
}
