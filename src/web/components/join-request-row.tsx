import { Check, X } from "lucide-react";
import { formatCompactAge, personName } from "~/core/format";
import type { groupsEndpoints } from "~/core/groups/endpoints";
import type { JoinRequest } from "~/core/groups/schemas";
import type { localGroupsEndpoints } from "~/core/local-groups/endpoints";
import { type changesRefreshing, isConflict } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { MemberText } from "./member-text";
import { Avatar } from "./ui/avatar";
import { Button } from "./ui/button";

type Toasts = {
  success: { title: string; description: string };
  failure: { title: string; description: string; preferServerMessage: (err: unknown) => boolean };
};

/** A group's own hook that approves or declines one of its requests (cultivation and local groups). */
export type DecideRequestHook = (
  action: "approve" | "decline",
  groupId: number,
  toasts: Toasts,
) => { mutate: (requestId: number) => void; isPending: boolean };

/**
 * That hook for a kind of group: its `approveRequest` or `declineRequest` endpoint (the same inputs),
 * through the group's own change hook, which refreshes what the decision changes.
 */
export function decidingThrough(
  endpoints: Pick<typeof groupsEndpoints | typeof localGroupsEndpoints, "approveRequest" | "declineRequest">,
  useChange: ReturnType<typeof changesRefreshing>,
): DecideRequestHook {
  return function useDecide(action, groupId, toasts) {
    return useChange(
      action === "approve" ? endpoints.approveRequest : endpoints.declineRequest,
      (requestId: number) => ({ params: { id: groupId, requestId } }),
      toasts,
    );
  };
}

/** One request to join a group, as its admin or leader decides it: who, when, her words, and the two answers. */
export function JoinRequestRow({
  groupId,
  request,
  useDecide,
}: {
  groupId: number;
  request: JoinRequest;
  useDecide: DecideRequestHook;
}) {
  const name = personName(request.user, { form: "full", nameless: t("A member") });
  const failure = {
    title: t("Error"),
    description: t("Failed to update the request. Please try again."),
    preferServerMessage: isConflict,
  };
  const approve = useDecide("approve", groupId, {
    success: {
      title: t("Request approved"),
      description: t("{name} is now a member of the group.", { name }),
    },
    failure,
  });
  const decline = useDecide("decline", groupId, {
    success: {
      title: t("Request declined"),
      description: t("{name}'s request has been declined.", { name }),
    },
    failure,
  });
  const busy = approve.isPending || decline.isPending;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        <Avatar user={request.user} />
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">
            <span dir="auto">{name}</span>
          </p>
          <p className="text-sm text-muted">
            {t("Asked {age}", { age: formatCompactAge(request.createdAt) })}
          </p>
          {request.requestMessage && (
            <MemberText
              as="blockquote"
              text={request.requestMessage}
              className="mt-2 rounded-xl bg-parchment/70 px-3 py-2 text-[0.95rem]"
            />
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          onClick={() => approve.mutate(request.id)}
          disabled={busy}
          aria-label={t("Approve {name}", { name })}
        >
          <Check aria-hidden="true" /> {approve.isPending ? t("Approving...") : t("Approve")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => decline.mutate(request.id)}
          disabled={busy}
          aria-label={t("Decline {name}", { name })}
        >
          <X aria-hidden="true" /> {decline.isPending ? t("Declining...") : t("Decline")}
        </Button>
      </div>
    </li>
  );
}
