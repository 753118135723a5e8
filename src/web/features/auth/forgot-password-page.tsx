import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { passwordResetBody } from "~/core/schemas/auth";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Field, Input } from "~/web/components/ui/input";
import { apiRequest } from "~/web/lib/api";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { AccountPageMember } from "~/web/routes";
import { AccountCard, CardHeading, CardText, failureMessage } from "./account-card";

/** /forgot-password: she gives her address and a link to choose a new password is mailed to it. */
export default function ForgotPasswordPage({ member }: { member?: AccountPageMember }) {
  const [sent, setSent] = useState<string>();
  const back = member ? (
    <Link href="/" className={buttonClass("outline", "md", "w-full")}>
      Back to home
    </Link>
  ) : (
    <Link href="/sign-in" className={buttonClass("outline", "md", "w-full")}>
      Back to sign in
    </Link>
  );

  if (sent) {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>Check your inbox</CardHeading>
        <CardText>{sent}</CardText>
        <CardText className="text-sm">
          Nothing there after a few minutes? Look in the spam folder too.
        </CardText>
        <div className="mt-7">{back}</div>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={KeyRound}>
      <CardHeading>Forgot your password?</CardHeading>
      <CardText>
        Tell us the e-mail address you signed up with, and we'll send you a link to choose a new one.
      </CardText>
      <ResetRequestForm email={member?.email} onSent={setSent} />
      <div className="mt-3">{back}</div>
    </AccountCard>
  );
}

function ResetRequestForm({ email, onSent }: { email?: string; onSent: (message: string) => void }) {
  const hydrated = useHydrated();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<z.input<typeof passwordResetBody>, unknown, z.output<typeof passwordResetBody>>({
    resolver: zodResolver(passwordResetBody),
    defaultValues: { email: email ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const { message } = await apiRequest<{ message: string }>("POST", "/api/auth/password-reset", values);
      onSent(message);
    } catch (err) {
      setServerError(failureMessage(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4 text-left">
      <Field id="reset-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? "reset-email-error" : undefined}
          {...form.register("email")}
        />
      </Field>
      {serverError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
    </form>
  );
}
