import { endpoint } from "../contract";
import { systemStatus, testMailResult } from "./schemas";

/** The dashboard's Status: each part the ministry relies on, and a test mail. */
export const statusEndpoints = {
  status: endpoint({
    method: "GET",
    path: "/api/admin/status",
    summary:
      "Whether mail, payments, the newsletter, backups and push are set up and working, and the versions (no secrets)",
    caller: "admin",
    response: systemStatus,
  }),
  testMail: endpoint({
    method: "POST",
    path: "/api/admin/status/test-mail",
    summary:
      "Send a test mail to the signed-in administrator at once and say what the SMTP server answered (a refusal is 200 with ok false)",
    caller: "admin",
    response: testMailResult,
    rateLimit: "write",
    // It changes no row any cached response shows.
    leavesMemberCache: true,
  }),
};
