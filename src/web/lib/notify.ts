import { ApiError, isUnauthorizedError, messageOf } from "./api";
import { translateKnown } from "./i18n";
import { announceSignedOut } from "./signed-out";
import { toast } from "./toast";

/**
 * The error toasts of SPEC §8 for a failed mutation: a signed-out member gets "Unauthorized" and is
 * sent to sign in; a 429 its own kind words, as a notice; anything else gets the given title and
 * description (or the server's own message for a 4xx, when `preferServerMessage` is set).
 */
export function notifyError(
  error: unknown,
  toastText: { title?: string; description: string },
  options: { preferServerMessage?: boolean } = {},
) {
  if (isUnauthorizedError(error)) {
    announceSignedOut();
    return;
  }
  // A 429 is a pause, not a failure: a new member's first-day limit or a moment to wait, said kindly
  // by the server ("Welcome! New members can share…"). Its words alone, as a plain notice.
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
    toast({ description: translateKnown(error.serverMessage) });
    return;
  }
  toast({
    title: toastText.title,
    description: options.preferServerMessage
      ? messageOf(error, toastText.description)
      : toastText.description,
    variant: "destructive",
  });
}

export const notifySuccess = (title: string, description?: string) => toast({ title, description });
