import { discipleshipEndpoints as api } from "~/core/discipleship/endpoints";
import type { CreateConnectionBody, CreateConnectionResult } from "~/core/discipleship/schemas";
import { homeEndpoints } from "~/core/home/endpoints";
import { ApiError } from "~/web/lib/api";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { notifyError } from "~/web/lib/notify";

/** Her connections change, and so does the discipleship card on her home page. */
const refreshed = () => [keyOf(api.connections), keyOf(homeEndpoints.home)];

export const useConnections = () => useEndpoint(api.connections, undefined);

/** The mentorship form's field an error is about: `focusAreas.3` (one area too long) is the focus areas'. */
export const mentorshipFieldOf = (path: string) =>
  (["experienceLevel", "focusAreas"] as const).find((name) => path === name || path.startsWith(`${name}.`));

export const useSubmitMentorship = (onSubmitted: (result: CreateConnectionResult) => void) =>
  useEndpointMutation(api.submit, {
    input: (body: CreateConnectionBody) => ({ body }),
    invalidates: refreshed,
    success: (result) => ({ title: t("Request submitted"), description: successText(result) }),
    // A refusal about one of the form's fields is said beside it (`MentorshipForm`); anything else here.
    onError: (err) => {
      const fields = err instanceof ApiError && err.status === 400 ? err.fieldErrors : undefined;
      if (Object.keys(fields ?? {}).some((path) => mentorshipFieldOf(path))) return;
      notifyError(err, { title: t("Error"), description: t("Failed to submit request. Please try again.") });
    },
    onSuccess: onSubmitted,
  });

function successText(result: CreateConnectionResult) {
  if (!result.matched) return t("We'll connect you as soon as someone who shares your focus is ready.");
  return result.role === "mentee"
    ? t("You've been matched with a mentor! She'll be asked to accept the connection.")
    : t("You've been matched with a mentee! Accept the connection in My Connections to begin.");
}

const updateFailed = () => ({
  title: t("Error"),
  description: t("Failed to update connection. Please try again."),
  preferServerMessage: true,
});

/** Accepting, declining or completing a connection, or withdrawing a waiting request or offer. */
export const useConnectionChange = (
  change: "accept" | "decline" | "complete" | "withdraw",
  success: { title: string; description: string },
) =>
  useEndpointMutation(api[change], {
    input: (id: number) => ({ params: { id } }),
    invalidates: refreshed,
    success,
    failure: updateFailed(),
  });
