import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { authEndpoints } from "~/core/auth/endpoints";
import { passwordResetBody } from "~/core/auth/schemas";
import { FormInput } from "~/web/components/form-field";
import { buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/lib/account-page";
import { call } from "~/web/lib/api";
import { t, translateKnown } from "~/web/lib/i18n";
import {
  AccountCard,
  CardHeading,
  CardText,
  FormSubmit,
  failureMessage,
  useCarriedEmail,
} from "./account-card";

/** /forgot-password: she gives her address and a link to choose a new password is mailed to it. */
export default function ForgotPasswordPage({ member }: { member?: AccountPageMember }) {
  const [sent, setSent] = useState<string>();
  const back = member ? (
    <Link href="/" className={buttonClass("outline", "md", "w-full")}>
      {t("Back to home")}
    </Link>
  ) : (
    <Link href="/sign-in" className={buttonClass("outline", "md", "w-full")}>
      {t("Back to sign in")}
    </Link>
  );

  if (sent) {
    return (
      <AccountCard icon={MailCheck}>
        <CardHeading takeFocus>{t("Check your inbox")}</CardHeading>
        <CardText>{translateKnown(sent)}</CardText>
        <CardText className="text-sm">
          {t("Nothing there after a few minutes? Look in the spam folder too.")}
        </CardText>
        <div className="mt-7">{back}</div>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={KeyRound}>
      <CardHeading>{t("Forgot your password?")}</CardHeading>
      <CardText>
        {t("Tell us the e-mail address you signed up with, and we'll send you a link to choose a new one.")}
      </CardText>
      <ResetRequestForm email={member?.email} onSent={setSent} />
      <div className="mt-3">{back}</div>
    </AccountCard>
  );
}

function ResetRequestForm({ email, onSent }: { email?: string; onSent: (message: string) => void }) {
  const [serverError, setServerError] = useState<string>();
  const form = useForm<z.input<typeof passwordResetBody>, unknown, z.output<typeof passwordResetBody>>({
    resolver: zodResolver(passwordResetBody),
    defaultValues: { email: email ?? "" },
  });
  const { isSubmitting } = form.formState;
  // What she typed on the sign-in form before "Forgot your password?", unless she has typed here since.
  const carried = useCarriedEmail();
  useEffect(() => {
    if (carried && !form.getValues("email")) form.setValue("email", carried);
  }, [carried, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      onSent((await call(authEndpoints.passwordReset, { body: values })).message);
    } catch (err) {
      setServerError(failureMessage(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4 text-start">
      <FormInput
        form={form}
        name="email"
        id="reset-email"
        label={t("E-mail")}
        type="email"
        autoComplete="email"
      />
      <FormSubmit
        error={serverError}
        busy={isSubmitting}
        label={t("Send reset link")}
        busyLabel={t("Sending...")}
      />
    </form>
  );
}
