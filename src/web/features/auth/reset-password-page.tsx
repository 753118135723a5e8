import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { authEndpoints } from "~/core/auth/endpoints";
import { AUTH_MESSAGES, passwordResetConfirmBody } from "~/core/auth/schemas";
import { NewPasswordFields } from "~/web/components/form-field";
import { buttonClass } from "~/web/components/ui/button";
import { ApiError, call } from "~/web/lib/api";
import { t, translateKnown } from "~/web/lib/i18n";
import { PASSWORD_HINT, PASSWORDS_DIFFER } from "~/web/lib/passwords";
import {
  AccountCard,
  CardHeading,
  CardText,
  enterApp,
  FormSubmit,
  failureMessage,
  useLinkToken,
  Working,
} from "./account-card";

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
        <CardHeading takeFocus={Boolean(invalid)}>{t("This link can't be used")}</CardHeading>
        <CardText>{translateKnown(invalid ?? AUTH_MESSAGES.linkInvalid)}</CardText>
        <div className="mt-7 flex flex-col gap-3">
          <Link href="/forgot-password" className={buttonClass("primary")}>
            {t("Ask for a new link")}
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (done) {
    return (
      <AccountCard icon={KeyRound}>
        <CardHeading takeFocus>{t("Your new password is set")}</CardHeading>
        <CardText>{t(AUTH_MESSAGES.passwordReset)}</CardText>
        <Working>{t("Taking you to the community...")}</Working>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={KeyRound}>
      <CardHeading>{t("Choose a new password")}</CardHeading>
      <CardText>{t("Pick a password you don't use anywhere else.")}</CardText>
      <NewPasswordForm
        token={token}
        onInvalid={setInvalid}
        onDone={() => {
          setDone(true);
          enterApp("/");
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
  const [serverError, setServerError] = useState<string>();
  const form = useForm<ResetForm>({ resolver: zodResolver(resetForm) });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setServerError(undefined);
    try {
      await call(authEndpoints.passwordResetConfirm, { body: { token, password } });
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
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4 text-start">
      <NewPasswordFields form={form} name="password" id="reset-password" hint={PASSWORD_HINT} />
      <FormSubmit
        error={serverError}
        busy={isSubmitting}
        label={t("Set new password")}
        busyLabel={t("Saving...")}
        disabled={!token}
      />
    </form>
  );
}
