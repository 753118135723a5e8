import { zodResolver } from "@hookform/resolvers/zod";
import { Sprout } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { setByEnvironment } from "~/core/settings/fields";
import { setupEndpoints } from "~/core/setup/endpoints";
import { type SetupLinkResult, setupBody } from "~/core/setup/schemas";
import { FormInput } from "~/web/components/form-field";
import { Button } from "~/web/components/ui/button";
import {
  AccountCard,
  CardHeading,
  CardText,
  enterApp,
  FormSubmit,
  failureMessage,
  useLinkToken,
  Working,
} from "~/web/features/auth";
import { NotFoundPage } from "~/web/features/errors";
import { ApiError, call } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import { PASSWORD_HINT } from "~/web/lib/passwords";

// Everything but the token, which comes from the link.
const setupForm = setupBody.omit({ token: true });
type SetupForm = z.input<typeof setupForm>;

/** Where she lands once the ministry is set up: the administrators' dashboard. */
const DASHBOARD = "/admin";

type LinkState = "checking" | "works" | "gone" | "unreachable" | "done";

/**
 * /setup?token=…: the link the server prints while the ministry has no administrator (decision 062).
 * She names the ministry and its founder and makes her account, and arrives in the dashboard as its
 * first administrator. Without a working link, and for good once there is an administrator, it is the
 * not-found page (the server answers 404 too).
 */
export default function SetupPage() {
  const token = useLinkToken();
  const [state, setState] = useState<LinkState>("checking");
  const [failure, setFailure] = useState<unknown>();
  const [setByServer, setSetByServer] = useState<SetupLinkResult>({ ministryName: null, founderName: null });

  useEffect(() => {
    if (token === undefined) return;
    if (token === null) return setState("gone");
    let current = true;
    call(setupEndpoints.check, { body: { token } }).then(
      (names) => {
        if (!current) return;
        setSetByServer(names);
        setState("works");
      },
      (err: unknown) => {
        if (!current) return;
        setFailure(err);
        setState(err instanceof ApiError && err.status === 404 ? "gone" : "unreachable");
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state === "gone") return <NotFoundPage />;
  if (state === "checking" || !token) {
    return (
      <AccountCard icon={Sprout}>
        <Working>{t("Opening your setup link...")}</Working>
      </AccountCard>
    );
  }
  if (state === "unreachable") {
    return (
      <AccountCard icon={Sprout} tone="clay">
        <CardHeading takeFocus>{t("We couldn't open your setup link")}</CardHeading>
        <CardText>{failureMessage(failure)}</CardText>
        <Button className="mt-7 w-full" onClick={() => window.location.reload()}>
          {t("Try again")}
        </Button>
      </AccountCard>
    );
  }
  if (state === "done") {
    return (
      <AccountCard icon={Sprout}>
        <CardHeading takeFocus>{t("Your ministry is ready")}</CardHeading>
        <CardText>{t("Look in your inbox for a link to confirm your e-mail address.")}</CardText>
        <Working>{t("Taking you to your dashboard...")}</Working>
      </AccountCard>
    );
  }
  return (
    <AccountCard icon={Sprout}>
      <CardHeading>{t("Set up your ministry")}</CardHeading>
      <CardText>
        {t("Welcome! Name your ministry, then make your account. You'll be its first administrator.")}
      </CardText>
      <SetupFormFields
        token={token}
        setByServer={setByServer}
        onGone={() => setState("gone")}
        onDone={() => {
          setState("done");
          enterApp(DASHBOARD);
        }}
      />
    </AccountCard>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-sage-700 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

function SetupFormFields({
  token,
  setByServer,
  onGone,
  onDone,
}: {
  token: string;
  /** The names the server's environment sets: shown as they are, not asked for. */
  setByServer: SetupLinkResult;
  onGone: () => void;
  onDone: () => void;
}) {
  const [serverError, setServerError] = useState<string>();
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupForm),
    defaultValues: {
      ministryName: setByServer.ministryName ?? "",
      founderName: setByServer.founderName ?? "",
    },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await call(setupEndpoints.setUp, { body: { ...values, token } });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return onGone();
      const fields = err instanceof ApiError ? Object.entries(err.fieldErrors ?? {}) : [];
      if (err instanceof ApiError && err.status === 409) {
        form.setError("email", { message: failureMessage(err) }, { shouldFocus: true });
      } else if (fields.length > 0) {
        for (const [name, message] of fields) {
          form.setError(name as Path<SetupForm>, { message }, { shouldFocus: true });
        }
      } else setServerError(failureMessage(err));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-7 space-y-7 text-start">
      <Section title={t("Your ministry")}>
        <FormInput
          form={form}
          name="ministryName"
          id="setup-ministry"
          label={t("Ministry's name")}
          hint={
            setByServer.ministryName === null
              ? t("Shown across the site and in its e-mails.")
              : setByEnvironment("siteName")
          }
          readOnly={setByServer.ministryName !== null}
          autoComplete="organization"
          dir="auto"
        />
        <FormInput
          form={form}
          name="founderName"
          id="setup-founder"
          label={t("Founder's name")}
          hint={
            setByServer.founderName === null
              ? t("Shown on the landing page and with articles.")
              : setByEnvironment("founderName")
          }
          readOnly={setByServer.founderName !== null}
          autoComplete="off"
          dir="auto"
        />
      </Section>
      <Section title={t("Your account")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            form={form}
            name="firstName"
            id="setup-first"
            label={t("First name")}
            autoComplete="given-name"
            dir="auto"
          />
          <FormInput
            form={form}
            name="lastName"
            id="setup-last"
            label={t("Last name")}
            autoComplete="family-name"
            dir="auto"
          />
        </div>
        <FormInput
          form={form}
          name="email"
          id="setup-email"
          label={t("E-mail")}
          hint={t("We'll send you a link to confirm it.")}
          type="email"
          autoComplete="email"
        />
        <FormInput
          form={form}
          name="password"
          id="setup-password"
          label={t("Password")}
          hint={PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
        />
      </Section>
      <div className="space-y-4">
        <FormSubmit
          error={serverError}
          busy={isSubmitting}
          label={t("Set up my ministry")}
          busyLabel={t("Setting up...")}
        />
      </div>
    </form>
  );
}
