import { emailConfirmedResult, tokenBody } from "../auth/schemas";
import { messageResponse } from "../common-schemas";
import { endpoint } from "../contract";
import {
  changePasswordBody,
  deleteAccountBody,
  languageBody,
  memberSettings,
  profileExport,
  profileResponse,
  signedOutOthersResult,
  updateProfileBody,
  updateSettingsBody,
} from "./schemas";

/** The member's own profile, settings, data download and account deletion. */
export const profileEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/profile",
    summary: "Her profile as she sees it",
    caller: "member",
    response: profileResponse,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/profile",
    summary:
      "Change her profile; a new e-mail address needs her current password (or a recent sign-in) and waits until she confirms it",
    caller: "member",
    body: updateProfileBody,
    response: profileResponse,
    // 403: no password and no recent sign-in for a new address. 409: the address is another's.
    // 429: too many wrong passwords in a row, as at sign-in.
    errors: [403, 409, 429],
    rateLimit: "write",
  }),
  cancelEmailChange: endpoint({
    method: "DELETE",
    path: "/api/profile/email/pending",
    summary: "Drop the e-mail address change she has not confirmed yet",
    caller: "member",
    response: profileResponse,
  }),
  // The link mailed to the new address is the proof; she may open it where she is not signed in.
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/api/profile/email/confirm",
    summary: "Confirm a new e-mail address with the token mailed to it",
    caller: "visitor",
    body: tokenBody,
    response: emailConfirmedResult,
    errors: [409],
    rateLimit: "auth",
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/profile/password",
    summary: "Change her password, given the current one",
    caller: "member",
    body: changePasswordBody,
    response: messageResponse,
    rateLimit: "auth",
  }),
  signOutOthers: endpoint({
    method: "POST",
    path: "/api/profile/sign-out-others",
    summary: "End every session of hers but this one",
    caller: "member",
    response: signedOutOthersResult,
  }),
  setLanguage: endpoint({
    method: "PUT",
    path: "/api/profile/language",
    summary: "Choose the language of her pages, mail and notices",
    caller: "member",
    body: languageBody,
    status: 204,
    response: null,
    rateLimit: "write",
  }),
  updateSettings: endpoint({
    method: "PATCH",
    path: "/api/profile/settings",
    summary: "Change her settings",
    caller: "member",
    body: updateSettingsBody,
    response: memberSettings,
    rateLimit: "write",
  }),
  export: endpoint({
    method: "GET",
    path: "/api/profile/export",
    summary: "Everything the site keeps about her, as a JSON download",
    caller: "member",
    response: profileExport,
  }),
  delete: endpoint({
    method: "DELETE",
    path: "/api/profile",
    summary: "Delete her account, closing her billing account first",
    caller: "member",
    body: deleteAccountBody,
    response: messageResponse,
    errors: [503],
  }),
};
