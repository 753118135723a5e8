import { urlOf } from "~/core/contract";
import type { Locale } from "~/core/i18n";
import { profileEndpoints as api } from "~/core/profile/endpoints";
import { PROFILE_MESSAGES, type Profile } from "~/core/profile/schemas";
import { videosEndpoints } from "~/core/videos/endpoints";
import { ApiError } from "~/web/lib/api";
import { USER_KEY } from "~/web/lib/auth";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifyError } from "~/web/lib/notify";
import { queryClient } from "~/web/lib/query-client";

const PROFILE_KEY = keyOf(api.get);
/** Her data download: a link the browser follows, not a read of the app's. */
export const EXPORT_URL = urlOf(api.export);
const PAGE_SIZE = 20;
const SETTINGS_MUTATION = ["profile-settings"];

export const useProfile = () => useEndpoint(api.get, undefined);

export const useReflections = () => usePagedList(videosEndpoints.reflections, {}, PAGE_SIZE);
export const useSavedVideos = () => usePagedList(videosEndpoints.saved, {}, PAGE_SIZE);

const keep = (profile: Profile) => queryClient.setQueryData(PROFILE_KEY, profile);

/** The profile form's own answers to a refused change: beside the field, or as its notice. */
const saidByTheForm = (err: unknown) =>
  err instanceof ApiError &&
  ((err.status === 400 && Boolean(err.fieldErrors?.currentPassword)) ||
    isSignInAgain(err) ||
    err.status === 409);

/** A member without a password, signed in too long ago to change her address: she signs in again. */
export const isSignInAgain = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.serverMessage === PROFILE_MESSAGES.signInAgain;

export const useUpdateProfile = () =>
  useEndpointMutation(api.update, {
    input: (body) => body,
    onSuccess: keep,
    // A new address is only hers once she follows the link mailed to it.
    success: (saved, { body }) =>
      body.email && body.email !== saved.email && saved.pendingEmail
        ? {
            title: t("Check your inbox"),
            description: PROFILE_MESSAGES.emailChangePending(saved.pendingEmail),
          }
        : { title: t(PROFILE_MESSAGES.updated), description: t("Your changes have been saved.") },
    // What the form says itself (a wrong password or a taken address beside its field, the notice
    // to sign in again) is not said twice.
    onError: (err) => {
      if (saidByTheForm(err)) return;
      notifyError(
        err,
        { title: t("Error"), description: t(PROFILE_MESSAGES.updateFailed) },
        { preferServerMessage: true },
      );
    },
    // The header and menus show her name and e-mail from the current user.
    invalidates: () => [USER_KEY],
  });

/** Saves one switch at once; the switch moves immediately and moves back if saving fails. */
export const useUpdateSettings = () =>
  useEndpointMutation(api.updateSettings, {
    mutationKey: SETTINGS_MUTATION,
    input: (body) => body,
    onMutate: async ({ body: change }) => {
      // A refetch still in flight would put the old switches back when it is cancelled or lands.
      await queryClient.cancelQueries({ queryKey: PROFILE_KEY });
      const previous = queryClient.getQueryData<Profile>(PROFILE_KEY);
      if (previous) keep({ ...previous, settings: { ...previous.settings, ...change } });
      return { previous };
    },
    onError: (_err, _change, context) => {
      if (context?.previous) keep(context.previous);
    },
    onSuccess: (settings) => {
      // A later switch still in flight has the newer picture; its own answer will settle it.
      if (queryClient.isMutating({ mutationKey: SETTINGS_MUTATION }) > 1) return;
      const current = queryClient.getQueryData<Profile>(PROFILE_KEY);
      if (current) keep({ ...current, settings });
    },
    failure: { title: t("Error"), description: t("Failed to save your settings. Please try again.") },
  });

/** A full load after: she is a visitor now, and every cached page of hers should go. */
export const useDeleteAccount = () =>
  useEndpointMutation<typeof api.delete, void>(api.delete, {
    input: () => ({ body: { confirm: "DELETE" as const } }),
    onSuccess: () => window.location.assign("/"),
    failure: {
      title: t("Error"),
      description: t("We couldn't delete your account. Please try again."),
      preferServerMessage: true,
    },
  });

/** Withdraws the new address waiting for confirmation; her current one stays. */
export const useCancelEmailChange = () =>
  useEndpointMutation<typeof api.cancelEmailChange, void>(api.cancelEmailChange, {
    input: () => ({}),
    onSuccess: keep,
    success: (profile) => ({
      title: t("Change cancelled"),
      description: t("Your e-mail address stays {email}.", { email: profile.email }),
    }),
    failure: {
      title: t("Error"),
      description: t("We couldn't cancel the change. Please try again."),
      preferServerMessage: true,
    },
  });

/** Her failure toast depends on what the server says is wrong, so the form shows it. */
export const useChangePassword = () =>
  useEndpointMutation(api.changePassword, {
    input: (body) => body,
    success: ({ message }) => ({ title: t("Password changed"), description: translateKnown(message) }),
  });

/**
 * Her language for her pages, mail and notices; the page is loaded again in it (its words are
 * chosen as it starts).
 */
export const useSetLanguage = () =>
  useEndpointMutation(api.setLanguage, {
    input: (locale: Locale) => ({ body: { locale } }),
    onSuccess: () => window.location.reload(),
    failure: {
      title: t("Error"),
      description: t("We couldn't change your language. Please try again."),
      preferServerMessage: true,
    },
  });

/** Ends every session of hers but this one. */
export const useSignOutOthers = () =>
  useEndpointMutation<typeof api.signOutOthers, void>(api.signOutOthers, {
    input: () => ({}),
    // Said here rather than in the server's words, so it is in her language.
    success: ({ ended }) => ({
      title: t("Signed out elsewhere"),
      description: PROFILE_MESSAGES.signedOutOthers(ended),
    }),
    failure: {
      title: t("Error"),
      description: t("We couldn't sign out your other devices. Please try again."),
      preferServerMessage: true,
    },
  });
