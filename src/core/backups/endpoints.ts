import { endpoint } from "../contract";
import { backupStatus } from "./schemas";

/** The daily backups the job queue makes (decision 032). */
export const backupsEndpoints = {
  status: endpoint({
    method: "GET",
    path: "/api/admin/backups",
    summary: "When the last daily backup was made, its size, and whether it is overdue or failed",
    caller: "admin",
    response: backupStatus,
  }),
};
