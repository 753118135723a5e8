import { ApiError, apiRequest } from "./api";
import { t, translateKnown } from "./i18n";
import { notifyError, notifySuccess } from "./notify";

export const RESEND_VERIFICATION_URL = "/api/auth/resend-verification";

/**
 * Asks for a new confirmation link to her address and says how it went, in a toast: the server's
 * message when sent, or why not (links sent too often, or the address is already confirmed, when
 * `onAlreadyConfirmed` refreshes what she sees).
 */
export async function resendVerification(onAlreadyConfirmed?: () => Promise<unknown>) {
  try {
    const { message } = await apiRequest<{ message: string }>("POST", RESEND_VERIFICATION_URL);
    notifySuccess(t("Check your inbox"), translateKnown(message));
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) void onAlreadyConfirmed?.();
    notifyError(
      err,
      {
        title: t("Link not sent"),
        description: t("We couldn't send a new link just now. Please try again."),
      },
      { preferServerMessage: true },
    );
  }
}
