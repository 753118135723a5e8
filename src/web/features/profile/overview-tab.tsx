import { zodResolver } from "@hookform/resolvers/zod";
import { Bookmark, LogIn, MailQuestion, Pencil, PlayCircle } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { authEndpoints } from "~/core/auth/endpoints";
import { urlOf } from "~/core/contract";
import { BIO_MAX, PROFILE_MESSAGES, type Profile, updateProfileBody } from "~/core/profile/schemas";
import type { VideoItem } from "~/core/videos/schemas";
import { youTubeThumbnail } from "~/core/youtube";
import { LoadMore } from "~/web/components/card-grid";
import { DurationBadge } from "~/web/components/duration-badge";
import { FormField, FormInput } from "~/web/components/form-field";
import { MemberText } from "~/web/components/member-text";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Textarea } from "~/web/components/ui/input";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { Trans, t, translateKnown } from "~/web/lib/i18n";
import { isSignInAgain, useCancelEmailChange, useSavedVideos, useUpdateProfile } from "./api";
import { BrowseVideosLink } from "./reflections-tab";

type ProfileInput = z.input<typeof updateProfileBody>;
type ProfileOutput = z.output<typeof updateProfileBody>;

/** Through her sign-in provider again, and back to her profile: a fresh sign-in proves it is her. */
const SIGN_IN_AGAIN_URL = urlOf(authEndpoints.oidcLogin, { query: { returnTo: "/profile" } });

export function OverviewTab({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-8">
      <Card className="p-5 sm:p-7">
        <div className="mb-5 flex items-center justify-between gap-3">
          <h2 className="font-sans text-xl font-bold">{t("Personal Information")}</h2>
          {!editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t("Edit Profile")}
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <ProfileDetails profile={profile} />
        )}
      </Card>
      <SavedVideos />
    </div>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const row = (label: string, value: string | null) => (
    <div>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      {value ? (
        <dd dir="auto" className="mt-0.5 wrap-anywhere text-ink">
          {value}
        </dd>
      ) : (
        <dd className="mt-0.5 text-muted italic">{t("Not provided")}</dd>
      )}
    </div>
  );
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      {row(t("First Name"), profile.firstName)}
      {row(t("Last Name"), profile.lastName)}
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold text-muted">{t("Email")}</dt>
        <dd className="mt-0.5 break-words text-ink">
          {profile.email}
          {profile.pendingEmail && <PendingEmail pendingEmail={profile.pendingEmail} />}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold text-muted">{t("About Me")}</dt>
        {profile.bio ? (
          <MemberText as="dd" text={profile.bio} className="mt-0.5 text-ink" />
        ) : (
          <dd className="mt-0.5 text-muted italic">{t("Tell the community a little about yourself.")}</dd>
        )}
      </div>
    </dl>
  );
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const update = useUpdateProfile();
  const [signInAgain, setSignInAgain] = useState(false);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileBody),
    defaultValues: {
      firstName: profile.firstName ?? "",
      lastName: profile.lastName ?? "",
      email: profile.email,
      bio: profile.bio ?? "",
      currentPassword: "",
    },
  });
  // A new address asks who she is: her password, or, without one, a recent sign-in.
  const typedEmail = useWatch({ control: form.control, name: "email" });
  const emailChanging = isNewEmail(typedEmail, profile.email);

  const onSubmit = form.handleSubmit(({ currentPassword, ...values }) => {
    if (emailChanging && profile.hasPassword && !currentPassword) {
      form.setError(
        "currentPassword",
        { message: t(PROFILE_MESSAGES.currentPasswordNeeded) },
        { shouldFocus: true },
      );
      return;
    }
    setSignInAgain(false);
    update.mutate(
      { body: emailChanging && currentPassword ? { ...values, currentPassword } : values },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const wrongPassword = err.status === 400 ? err.fieldErrors?.currentPassword : undefined;
          if (wrongPassword) {
            form.setError(
              "currentPassword",
              { message: translateKnown(wrongPassword) },
              { shouldFocus: true },
            );
          } else if (err.status === 409 && err.serverMessage) {
            form.setError("email", { message: translateKnown(err.serverMessage) });
          } else if (isSignInAgain(err)) {
            setSignInAgain(true);
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput
          form={form}
          name="firstName"
          id="profile-first-name"
          label={t("First Name")}
          dir="auto"
          autoComplete="given-name"
        />
        <FormInput
          form={form}
          name="lastName"
          id="profile-last-name"
          label={t("Last Name")}
          dir="auto"
          autoComplete="family-name"
        />
      </div>
      <FormInput
        form={form}
        name="email"
        id="profile-email"
        label={t("Email")}
        type="email"
        autoComplete="email"
      />
      {emailChanging && profile.hasPassword && (
        <FormInput
          form={form}
          name="currentPassword"
          id="profile-current-password"
          label={t("Current password")}
          hint={t("To keep your account safe, a new e-mail address needs your password.")}
          type="password"
          autoComplete="current-password"
        />
      )}
      {signInAgain && <SignInAgain />}
      {profile.pendingEmail && <PendingEmail pendingEmail={profile.pendingEmail} />}
      <FormField
        form={form}
        name="bio"
        id="profile-bio"
        label={t("About Me")}
        hint={t("A few words other members will see. Up to {max} characters.", { max: BIO_MAX })}
      >
        {(control) => <Textarea dir="auto" rows={4} maxLength={BIO_MAX} {...control} />}
      </FormField>
      <p className="text-sm text-muted">{t("Fields left blank keep their current value.")}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("Saving...") : t("Save Changes")}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t("Cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Whether the address typed is another than hers (blank keeps hers, and case does not count). */
const isNewEmail = (typed: string | null | undefined, current: string) => {
  const next = typed?.trim().toLowerCase();
  return Boolean(next) && next !== current.toLowerCase();
};

/**
 * A member without a password whose sign-in is not recent: she signs in again through her provider,
 * comes back here, and changes her address then.
 */
function SignInAgain() {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-gold-400/30 bg-gold-100/50 p-3 sm:flex-row sm:items-center"
    >
      <LogIn className="hidden size-5 shrink-0 text-gold-700 sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-ink">{t(PROFILE_MESSAGES.signInAgain)}</p>
      <a
        href={SIGN_IN_AGAIN_URL}
        className={buttonClass("outline", "sm", "self-start bg-white/80 sm:self-auto")}
      >
        {t("Sign in again")}
      </a>
    </div>
  );
}

/** A new address waiting for her to follow the link mailed to it, and a way to withdraw it. */
function PendingEmail({ pendingEmail }: { pendingEmail: string }) {
  const cancel = useCancelEmailChange();
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-gold-400/30 bg-gold-100/50 p-3 sm:flex-row sm:items-center">
      <MailQuestion className="hidden size-5 shrink-0 text-gold-700 sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-ink">
        <Trans
          id="Confirmation pending: we sent a link to <0>{email}</0>. Your address changes when you follow it."
          values={{ email: pendingEmail }}
          components={{ 0: <strong className="font-semibold break-words" /> }}
        />
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start bg-white/80 sm:self-auto"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate()}
      >
        {cancel.isPending ? t("Cancelling...") : t("Cancel change")}
      </Button>
    </div>
  );
}

function SavedVideos() {
  const saved = useSavedVideos();
  const videos = saved.data ?? [];
  return (
    <section id="saved-videos" aria-labelledby="saved-videos-title" className="scroll-mt-24">
      <h2 id="saved-videos-title" className="text-2xl font-semibold">
        {t("Saved Videos")}
      </h2>
      <div className="mt-4" aria-busy={saved.isPending}>
        {saved.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("Loading saved videos")}>
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Card className="overflow-hidden">
                  <Skeleton className="aspect-video rounded-none" />
                  <SkeletonLines className="space-y-2 p-4" lines={["h-5 w-3/4", "h-4 w-1/3"]} />
                </Card>
              </li>
            ))}
          </ul>
        ) : saved.isError ? (
          <ErrorState
            message={t("We couldn't load your saved videos just now.")}
            onRetry={() => void saved.refetch()}
          />
        ) : videos.length === 0 ? (
          <EmptyState icon={Bookmark} title={t("No saved videos yet")} action={<BrowseVideosLink />}>
            {t("Tap Save on any teaching to keep it here for later.")}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {videos.map((video) => (
                <li key={video.id}>
                  <SavedVideoCard video={video} />
                </li>
              ))}
            </ul>
            <LoadMore list={saved} className="mt-6" />
          </>
        )}
      </div>
    </section>
  );
}

function SavedVideoCard({ video }: { video: VideoItem }) {
  const [failed, setFailed] = useState(false);
  return (
    <Link
      href={`/video/${video.id}`}
      className="group block overflow-hidden rounded-[var(--radius-card)] border border-linen/80 bg-white shadow-[var(--shadow-soft)] transition-shadow hover:shadow-[var(--shadow-lift)]"
    >
      <div className="relative aspect-video bg-gradient-to-br from-sage-200 via-sage-100 to-gold-100">
        {video.youtubeId && !failed ? (
          <img
            src={youTubeThumbnail(video.youtubeId, "mqdefault")}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
            onError={() => setFailed(true)}
          />
        ) : (
          <PlayCircle aria-hidden="true" className="absolute inset-0 m-auto size-10 text-sage-500/70" />
        )}
        <DurationBadge seconds={video.duration} />
      </div>
      <div className="p-4">
        <h3 dir="auto" className="line-clamp-2 font-sans font-bold text-ink group-hover:text-sage-700">
          {video.title}
        </h3>
        {video.series && <p className="mt-1 text-sm text-muted">{translateKnown(video.series)}</p>}
      </div>
    </Link>
  );
}
