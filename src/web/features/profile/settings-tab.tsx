import { zodResolver } from "@hookform/resolvers/zod";
import {
  Bell,
  Download,
  KeyRound,
  Languages,
  LogOut,
  MessageCircle,
  MonitorSmartphone,
  ShieldCheck,
  Trash2,
} from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { directionOf, LANGUAGE_NAMES, LOCALES, type Locale, type MessageId } from "~/core/i18n";
import { changePasswordBody, type Profile, type SettingKey } from "~/core/profile/schemas";
import { FormInput, NewPasswordFields } from "~/web/components/form-field";
import { SectionHeading } from "~/web/components/section-heading";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Input } from "~/web/components/ui/input";
import { Switch } from "~/web/components/ui/switch";
import { BlockedMembers } from "~/web/features/moderation";
import { ApiError } from "~/web/lib/api";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { currentLocale, t, translateKnown } from "~/web/lib/i18n";
import { LOGOUT_URL, signOut } from "~/web/lib/navigation";
import { notifyError } from "~/web/lib/notify";
import { PASSWORD_HINT, PASSWORDS_DIFFER } from "~/web/lib/passwords";
import {
  EXPORT_URL,
  useChangePassword,
  useDeleteAccount,
  useSetLanguage,
  useSignOutOthers,
  useUpdateSettings,
} from "./api";

interface SettingItem {
  key: SettingKey;
  label: MessageId;
  description: MessageId;
}

const PRIVACY: SettingItem[] = [
  {
    key: "showNameOnPrayerWall",
    label: "Show my name on the prayer wall",
    description: "When off, new prayer requests you share start as anonymous.",
  },
  {
    key: "showProfileToMembers",
    label: "Show my profile to other members",
    description:
      "When off, other members see “A member” instead of your name and picture; your group admins and leaders, your discipleship partners and administrators still see them.",
  },
];

/** What a screen reader hears once a switch is saved: its name and where it stands. */
const savedText = (setting: string, value: boolean) =>
  value ? t("{setting}: on. Saved.", { setting }) : t("{setting}: off. Saved.", { setting });

/**
 * Her language, privacy switches (saved as they change), where her notifications are chosen,
 * sign-out, and her data.
 */
export function SettingsTab({ profile }: { profile: Profile }) {
  const update = useUpdateSettings();
  const [saved, setSaved] = useState("");

  const toggle = (key: SettingKey, label: string, value: boolean) =>
    update.mutate({ body: { [key]: value } }, { onSuccess: () => setSaved(savedText(label, value)) });

  const group = (title: string, Icon: typeof Bell, items: SettingItem[]) => (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={Icon}>{title}</SectionHeading>
      <ul className="mt-4 divide-y divide-linen">
        {items.map((item) => (
          <SettingRow
            key={item.key}
            label={t(item.label)}
            description={t(item.description)}
            checked={profile.settings[item.key]}
            onChange={(value) => toggle(item.key, t(item.label), value)}
          />
        ))}
      </ul>
    </Card>
  );

  // Stored as whether requests are welcome; the switch says the narrower choice, so it reads the other way.
  const onlyKnown = !profile.settings.allowMessageRequests;
  const onlyKnownLabel = t("Only people I walk with or share a group with");
  const setOnlyKnown = (value: boolean) =>
    update.mutate(
      { body: { allowMessageRequests: !value } },
      { onSuccess: () => setSaved(savedText(onlyKnownLabel, value)) },
    );

  return (
    <div className="space-y-6">
      <LanguageChoice />
      {group(t("Privacy"), ShieldCheck, PRIVACY)}
      <Card className="p-5 sm:p-7">
        <SectionHeading icon={MessageCircle}>{t("Messages")}</SectionHeading>
        <ul className="mt-4">
          <SettingRow
            label={onlyKnownLabel}
            description={t(
              "When on, only your discipleship partners and the members of your groups can write to you; others can't send you message requests.",
            )}
            checked={onlyKnown}
            onChange={setOnlyKnown}
          />
        </ul>
      </Card>
      <BlockedMembers />
      <Card className="p-5 sm:p-7">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <SectionHeading icon={Bell}>{t("Notifications")}</SectionHeading>
            <p className="mt-1 text-muted">
              {t(
                "Choose, for each kind, whether it reaches you by e-mail right away, in your digest, or not at all, and turn on notifications on this device.",
              )}
            </p>
          </div>
          <Link href="/notifications?tab=preferences" className={buttonClass("secondary")}>
            {t("Notification preferences")}
          </Link>
        </div>
      </Card>
      <p className="sr-only" role="status" aria-live="polite">
        {saved}
      </p>

      {profile.hasPassword && <ChangePassword email={profile.email} />}

      <Card className="p-5 sm:p-7">
        <h2 className="font-sans text-xl font-bold">{t("Your data")}</h2>
        <p className="mt-1 text-muted">
          {t("Download a copy of everything you have shared here, or delete your account for good.")}
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <a href={EXPORT_URL} download className={buttonClass("outline")}>
            <Download aria-hidden="true" />
            {t("Download my data")}
          </a>
          <DeleteAccount />
        </div>
      </Card>

      <Card className="p-5 sm:p-7">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-sans text-xl font-bold">{t("Sign out")}</h2>
            <p className="mt-1 break-words text-muted">
              {t("Sign out of {email} on this device.", { email: profile.email })}
            </p>
          </div>
          <a href={LOGOUT_URL} onClick={signOut} className={buttonClass("secondary")}>
            <LogOut aria-hidden="true" />
            {t("Sign Out")}
          </a>
        </div>
        <div className="mt-5 flex flex-col gap-4 border-t border-linen pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted">
            {t(
              "Signed in on a phone or computer you no longer use? Sign out everywhere else and stay signed in here.",
            )}
          </p>
          <SignOutOthers />
        </div>
      </Card>
    </div>
  );
}

function SettingRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div>
        <label htmlFor={id} className="cursor-pointer font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </li>
  );
}

/**
 * Her language, each by its own name: her choice, or the page's language while she has made none.
 * Choosing one saves it and loads the page again in it.
 */
function LanguageChoice() {
  const id = useId();
  const { user } = useAuth();
  const setLanguage = useSetLanguage();
  // The one she just picked shows as chosen while it is saved and the page loads again.
  const picked = setLanguage.isError ? undefined : setLanguage.variables;
  const chosen: Locale = picked ?? user?.locale ?? currentLocale();
  return (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={Languages}>
        <span id={`${id}-title`}>{t("Language")}</span>
      </SectionHeading>
      <p id={`${id}-hint`} className="mt-1 text-muted">
        {t("The language of your pages, e-mails and notifications.")}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
        className="mt-4 flex flex-wrap gap-2"
      >
        {LOCALES.map((locale) => (
          <label
            key={locale}
            // Each language by its own name, never translated.
            lang={locale}
            dir={directionOf(locale)}
            translate="no"
            className={cn(
              "relative inline-flex h-11 cursor-pointer items-center rounded-full border px-5 font-semibold transition-colors",
              "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400",
              chosen === locale
                ? "border-sage-600 bg-sage-600 text-white"
                : "border-linen bg-white text-muted hover:bg-parchment hover:text-ink",
            )}
          >
            <input
              type="radio"
              name={`${id}-language`}
              value={locale}
              checked={chosen === locale}
              disabled={setLanguage.isPending}
              onChange={() => setLanguage.mutate(locale)}
              className="sr-only"
            />
            {LANGUAGE_NAMES[locale]}
          </label>
        ))}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {setLanguage.isPending ? t("Saving...") : ""}
      </p>
    </Card>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const remove = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed.trim() === "DELETE";

  const submit = () => remove.mutate();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 font-semibold text-danger transition-colors hover:bg-red-50"
      >
        <Trash2 className="size-[1.1em]" aria-hidden="true" />
        {t("Delete my account")}
      </button>
      <DialogContent
        title={t("Delete your account?")}
        description={t(
          "This cannot be undone. Your profile, prayer requests, reflections, notes and group memberships are removed. If you are a patron, your subscription ends today.",
        )}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) submit();
          }}
          className="space-y-4"
        >
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-semibold">
              {t("Type DELETE to confirm")}
            </label>
            <Input
              id={inputId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t("Keep my account")}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? t("Deleting...") : t("Delete my account")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// The new password twice; only the new one travels.
const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });
type ChangePasswordForm = z.input<typeof changePasswordForm>;
const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;

/** For members who sign in with a password: a new one, given the current one. */
function ChangePassword({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { body: { currentPassword, newPassword } },
      {
        onSuccess: () => form.reset(),
        // A wrong password is said beside its field; anything else in a toast.
        onError: (err) => {
          const fields = err instanceof ApiError && err.status === 400 ? err.fieldErrors : undefined;
          const wrong = PASSWORD_FIELDS.filter((field) => fields?.[field]);
          if (wrong.length > 0) {
            for (const field of wrong) {
              const message = fields?.[field];
              form.setError(field, { message: message && translateKnown(message) });
            }
            form.setFocus(wrong[0]!);
            return;
          }
          notifyError(
            err,
            { title: t("Error"), description: t("We couldn't change your password. Please try again.") },
            { preferServerMessage: true },
          );
        },
      },
    ),
  );

  return (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={KeyRound}>{t("Change password")}</SectionHeading>
      <p className="mt-1 text-muted">{t("Your other devices are signed out when you change it.")}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-4">
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormInput
          form={form}
          name="currentPassword"
          id="current-password"
          label={t("Current password")}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} name="newPassword" id="new-password" hint={PASSWORD_HINT} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t("Changing...") : t("Change password")}
        </Button>
      </form>
    </Card>
  );
}

/** Ends her sessions on every other device, after she says yes. */
function SignOutOthers() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutOthers();

  const confirm = () => signOut.mutate(undefined, { onSuccess: () => setOpen(false) });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" className="shrink-0" onClick={() => setOpen(true)}>
        <MonitorSmartphone aria-hidden="true" />
        {t("Sign out of all other devices")}
      </Button>
      <DialogContent
        title={t("Sign out of all other devices?")}
        description={t(
          "Anyone using your account on another phone, tablet or computer will need to sign in again. You stay signed in here.",
        )}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t("Cancel")}</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={signOut.isPending}>
            {signOut.isPending ? t("Signing out...") : t("Sign out other devices")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
