import { zodResolver } from "@hookform/resolvers/zod";
import {
  Bell,
  Download,
  KeyRound,
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
import { LOGOUT_URL, signOut } from "~/web/lib/navigation";
import { notifyError } from "~/web/lib/notify";
import { PASSWORD_HINT, PASSWORDS_DIFFER } from "~/web/lib/passwords";
import { EXPORT_URL, useChangePassword, useDeleteAccount, useSignOutOthers, useUpdateSettings } from "./api";

const PRIVACY: Array<{ key: SettingKey; label: string; description: string }> = [
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

/** Privacy switches (saved as they change), where her notifications are chosen, sign-out, and her data. */
export function SettingsTab({ profile }: { profile: Profile }) {
  const update = useUpdateSettings();
  const [saved, setSaved] = useState("");

  const toggle = (key: SettingKey, label: string, value: boolean) =>
    update.mutate(
      { body: { [key]: value } },
      { onSuccess: () => setSaved(`${label}: ${value ? "on" : "off"}. Saved.`) },
    );

  const group = (
    title: string,
    Icon: typeof Bell,
    items: Array<{ key: SettingKey; label: string; description: string }>,
  ) => (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={Icon}>{title}</SectionHeading>
      <ul className="mt-4 divide-y divide-linen">
        {items.map((item) => (
          <SettingRow
            key={item.key}
            label={item.label}
            description={item.description}
            checked={profile.settings[item.key]}
            onChange={(value) => toggle(item.key, item.label, value)}
          />
        ))}
      </ul>
    </Card>
  );

  // Stored as whether requests are welcome; the switch says the narrower choice, so it reads the other way.
  const onlyKnown = !profile.settings.allowMessageRequests;
  const onlyKnownLabel = "Only people I walk with or share a group with";
  const setOnlyKnown = (value: boolean) =>
    update.mutate(
      { body: { allowMessageRequests: !value } },
      { onSuccess: () => setSaved(`${onlyKnownLabel}: ${value ? "on" : "off"}. Saved.`) },
    );

  return (
    <div className="space-y-6">
      {group("Privacy", ShieldCheck, PRIVACY)}
      <Card className="p-5 sm:p-7">
        <SectionHeading icon={MessageCircle}>Messages</SectionHeading>
        <ul className="mt-4">
          <SettingRow
            label={onlyKnownLabel}
            description="When on, only your discipleship partners and the members of your groups can write to you; others can't send you message requests."
            checked={onlyKnown}
            onChange={setOnlyKnown}
          />
        </ul>
      </Card>
      <BlockedMembers />
      <Card className="p-5 sm:p-7">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <SectionHeading icon={Bell}>Notifications</SectionHeading>
            <p className="mt-1 text-muted">
              Choose, for each kind, whether it reaches you by e-mail right away, in your digest, or not at
              all, and turn on notifications on this device.
            </p>
          </div>
          <Link href="/notifications?tab=preferences" className={buttonClass("secondary")}>
            Notification preferences
          </Link>
        </div>
      </Card>
      <p className="sr-only" role="status" aria-live="polite">
        {saved}
      </p>

      {profile.hasPassword && <ChangePassword email={profile.email} />}

      <Card className="p-5 sm:p-7">
        <h2 className="font-sans text-xl font-bold">Your data</h2>
        <p className="mt-1 text-muted">
          Download a copy of everything you have shared here, or delete your account for good.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <a href={EXPORT_URL} download className={buttonClass("outline")}>
            <Download aria-hidden="true" />
            Download my data
          </a>
          <DeleteAccount />
        </div>
      </Card>

      <Card className="p-5 sm:p-7">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-sans text-xl font-bold">Sign out</h2>
            <p className="mt-1 break-words text-muted">Sign out of {profile.email} on this device.</p>
          </div>
          <a href={LOGOUT_URL} onClick={signOut} className={buttonClass("secondary")}>
            <LogOut aria-hidden="true" />
            Sign Out
          </a>
        </div>
        <div className="mt-5 flex flex-col gap-4 border-t border-linen pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted">
            Signed in on a phone or computer you no longer use? Sign out everywhere else and stay signed in
            here.
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
        Delete my account
      </button>
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. Your profile, prayer requests, reflections, notes and group memberships are removed. If you are a patron, your subscription ends today."
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
              Type DELETE to confirm
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
              <Button variant="outline">Keep my account</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
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
            for (const field of wrong) form.setError(field, { message: fields?.[field] });
            form.setFocus(wrong[0]!);
            return;
          }
          notifyError(
            err,
            { title: "Error", description: "We couldn't change your password. Please try again." },
            { preferServerMessage: true },
          );
        },
      },
    ),
  );

  return (
    <Card className="p-5 sm:p-7">
      <SectionHeading icon={KeyRound}>Change password</SectionHeading>
      <p className="mt-1 text-muted">Your other devices are signed out when you change it.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 max-w-md space-y-4">
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormInput
          form={form}
          name="currentPassword"
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} name="newPassword" id="new-password" hint={PASSWORD_HINT} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
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
        Sign out of all other devices
      </Button>
      <DialogContent
        title="Sign out of all other devices?"
        description="Anyone using your account on another phone, tablet or computer will need to sign in again. You stay signed in here."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={signOut.isPending}>
            {signOut.isPending ? "Signing out..." : "Sign out other devices"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
