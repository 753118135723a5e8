import { endpoint } from "../contract";
import { settingsPatch, siteSettingsResponse } from "./schemas";

/** The dashboard's Settings tab (decision 063). */
export const settingsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/admin/settings",
    summary:
      "Every setting as it applies now, and whether the environment, the dashboard or the default sets it",
    caller: "admin",
    response: siteSettingsResponse,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/settings",
    summary:
      "Change some settings (null puts one back to the server's); one set by the environment is refused",
    caller: "admin",
    body: settingsPatch,
    response: siteSettingsResponse,
    rateLimit: "write",
    errors: [409],
  }),
};
