import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import type { z } from "zod";
import { type CurrentUser, loginBody, registerBody, returnToSchema } from "~/core/schemas/auth";
import { Logo } from "~/web/components/logo";
import { Button } from "~/web/components/ui/button";
import { Field, Input } from "~/web/components/ui/input";
import { ApiError, apiRequest } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { publicConfig } from "~/web/lib/public-config";
import { rememberTimeZone } from "~/web/lib/time-zone";
import { useHydrated } from "~/web/lib/use-hydrated";

type Mode = "sign-in" | "register";

export default function SignInPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "register" ? "register" : "sign-in");
  const returnTo = returnToSchema.parse(params.get("returnTo") ?? undefined) ?? "/";
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
                href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}
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

function useSignedIn(returnTo: string) {
  // A full navigation so the member app starts fresh, at the page she was heading to.
  return (_user: CurrentUser) => {
    // Her first page is then rendered with her dates in her zone.
    rememberTimeZone();
    window.location.assign(returnTo);
  };
}

function formError(err: unknown) {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return "We couldn't reach the server. Please check your connection and try again.";
}

function SignInForm({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const signedIn = useSignedIn(returnTo);
  const [serverError, setServerError] = useState<string>();
  const form = useForm<z.input<typeof loginBody>>({ resolver: zodResolver(loginBody) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      signedIn(await apiRequest<CurrentUser>("POST", "/api/auth/login", values));
    } catch (err) {
      setServerError(formError(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="login-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          {...form.register("email")}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </Field>
      <p className="-mt-1 text-right">
        <Link
          href="/forgot-password"
          className="rounded text-sm font-semibold text-sage-700 underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </p>
      {serverError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}

function RegisterForm({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const signedIn = useSignedIn(returnTo);
  const [serverError, setServerError] = useState<string>();
  const form = useForm<z.input<typeof registerBody>>({ resolver: zodResolver(registerBody) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      signedIn(await apiRequest<CurrentUser>("POST", "/api/auth/register", values));
    } catch (err) {
      setServerError(formError(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="reg-first" label="First name" error={errors.firstName?.message}>
          <Input
            id="reg-first"
            autoComplete="given-name"
            aria-invalid={Boolean(errors.firstName)}
            {...form.register("firstName")}
          />
        </Field>
        <Field id="reg-last" label="Last name" error={errors.lastName?.message}>
          <Input
            id="reg-last"
            autoComplete="family-name"
            aria-invalid={Boolean(errors.lastName)}
            {...form.register("lastName")}
          />
        </Field>
      </div>
      <Field id="reg-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="reg-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          {...form.register("email")}
        />
      </Field>
      <Field
        id="reg-password"
        label="Password"
        hint="At least 8 characters."
        error={errors.password?.message}
      >
        <Input
          id="reg-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </Field>
      {serverError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Creating your account..." : "Create account"}
      </Button>
    </form>
  );
}
