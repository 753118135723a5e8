import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { AUTH_MESSAGES, passwordResetConfirmBody } from "~/core/schemas/auth";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Field, Input } from "~/web/components/ui/input";
import { ApiError, apiRequest } from "~/web/lib/api";
import { PASSWORD_HINT, PASSWORDS_DIFFER } from "~/web/lib/passwords";
import { rememberTimeZone } from "~/web/lib/time-zone";
import { useHydrated } from "~/web/lib/use-hydrated";
import { AccountCard, CardHeading, CardText, failureMessage, useLinkToken } from "./account-card";

// The new password twice; the token comes from the link, not from the form.
const resetForm = passwordResetConfirmBody
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] });
type ResetForm = z.input<typeof resetForm>;

/** /reset-password?token=…: the link mailed by "Forgot your password?"; she chooses a new password. */
export default function ResetPasswordPage() {
  const token = useLinkToken();
  const [invalid, setInvalid] = useState<string>();
  const [done, setDone] = useState(false);

  if (token === null || invalid) {
    return (
      <AccountCard icon={LockKeyhole} tone="clay">
        <CardHeading takeFocus={Boolean(invalid)}>This link can't be used</CardHeading>
        <CardText>{invalid ?? AUTH_MESSAGES.linkInvalid}</CardText>
        <div className="mt-7 flex flex-col gap-3">
          <Link href="/forgot-password" className={buttonClass("primary")}>
            Ask for a new link
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (done) {
    return (
      <AccountCard icon={KeyRound}>
        <CardHeading takeFocus>Your new password is set</CardHeading>
        <CardText>{AUTH_MESSAGES.passwordReset}</CardText>
        <div role="status" className="mt-6 flex items-center justify-center gap-3 text-muted">
          <span
            aria-hidden="true"
            className="size-6 animate-spin rounded-full border-[3px] border-sage-200 border-t-sage-600"
          />
          <span>Taking you to the community...</span>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={KeyRound}>
      <CardHeading>Choose a new password</CardHeading>
      <CardText>Pick a password you don't use anywhere else.</CardText>
      <NewPasswordForm
        token={token}
        onInvalid={setInvalid}
        onDone={() => {
          setDone(true);
          // A full load: she is signed in now, and the member app starts fresh. Her first page is
          // rendered with her dates in her zone.
          rememberTimeZone();
          window.location.assign("/");
        }}
      />
    </AccountCard>
  );
}

function NewPasswordForm({
  token,
  onInvalid,
  onDone,
}: {
  /** Undefined until the page has read the address. */
  token: string | undefined;
  onInvalid: (message: string) => void;
  onDone: () => void;
}) {
  const hydrated = useHydrated();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<ResetForm>({ resolver: zodResolver(resetForm) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setServerError(undefined);
    try {
      await apiRequest("POST", "/api/auth/password-reset/confirm", { token, password });
      onDone();
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors?.password : undefined;
      if (fieldError) form.setError("password", { message: fieldError }, { shouldFocus: true });
      else if (err instanceof ApiError && err.status === 400)
        onInvalid(err.serverMessage ?? AUTH_MESSAGES.linkInvalid);
      else setServerError(failureMessage(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4 text-left">
      <Field id="reset-password" label="New password" hint={PASSWORD_HINT} error={errors.password?.message}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? "reset-password-error" : "reset-password-hint"}
          {...form.register("password")}
        />
      </Field>
      <Field id="reset-password-again" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="reset-password-again"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          aria-describedby={errors.confirmPassword ? "reset-password-again-error" : undefined}
          {...form.register("confirmPassword")}
        />
      </Field>
      {serverError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated || !token}>
        {isSubmitting ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
