import { ApiError, apiRequest } from "./api";
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
    notifySuccess("Check your inbox", message);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) void onAlreadyConfirmed?.();
    notifyError(
      err,
      { title: "Link not sent", description: "We couldn't send a new link just now. Please try again." },
      { preferServerMessage: true },
    );
  }
}
