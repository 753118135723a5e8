import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CreateConnectionBody,
  CreateConnectionResult,
  DiscipleshipConnection,
} from "~/core/schemas/discipleship";
import { apiRequest } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const CONNECTIONS_URL = "/api/discipleship/connections";

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: [CONNECTIONS_URL] });
  void queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] });
};

export const useConnections = () => useQuery<DiscipleshipConnection[]>({ queryKey: [CONNECTIONS_URL] });

export function useSubmitMentorship() {
  return useMutation({
    mutationFn: (body: CreateConnectionBody) =>
      apiRequest<CreateConnectionResult>("POST", CONNECTIONS_URL, body),
    onSuccess: refresh,
  });
}

export type ConnectionAction = "accept" | "decline" | "complete";

export function useConnectionAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ConnectionAction }) =>
      apiRequest<DiscipleshipConnection>("POST", `${CONNECTIONS_URL}/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useWithdraw() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("POST", `/api/discipleship/entries/${id}/withdraw`),
    onSuccess: refresh,
  });
}
