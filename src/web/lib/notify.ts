import { isUnauthorizedError, messageOf } from "./api";
import { announceSignedOut } from "./signed-out";
import { toast } from "./toast";

/**
 * The error toasts of SPEC §8 for a failed mutation: a signed-out member gets "Unauthorized" and is
 * sent to sign in; anything else gets the given title and description (or the server's own message
 * for a 4xx, when `preferServerMessage` is set).
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
  toast({
    title: toastText.title,
    description: options.preferServerMessage
      ? messageOf(error, toastText.description)
      : toastText.description,
    variant: "destructive",
  });
}

export const notifySuccess = (title: string, description?: string) => toast({ title, description });
