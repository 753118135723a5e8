import { messageResponse } from "../common-schemas";
import { endpoint } from "../contract";
import {
  currentUser,
  emailConfirmedResult,
  loginBody,
  loginRedirectQuery,
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
  tokenBody,
} from "./schemas";

/** Accounts and sessions: registering, signing in and out, external sign-in, e-mail proof, reset. */
export const authEndpoints = {
  // Creating an account.
  register: endpoint({
    method: "POST",
    path: "/api/auth/register",
    summary: "Create an account and sign her in",
    caller: "visitor",
    body: registerBody,
    status: 201,
    response: currentUser,
    // 403: joining is by invitation and hers is missing or no longer works; 409: the address has an account.
    errors: [403, 409],
    rateLimit: "auth",
  }),
  // Signing in.
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    summary: "Sign in with e-mail and password",
    caller: "visitor",
    body: loginBody,
    response: currentUser,
    // A wrong e-mail or password.
    errors: [401],
    rateLimit: "auth",
  }),
  user: endpoint({
    method: "GET",
    path: "/api/auth/user",
    summary: "Who is signed in",
    caller: "member",
    response: currentUser,
  }),
  // The mailed link is the proof; she may open it on a device where she is not signed in.
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/auth/verify-email",
    summary: "Prove her e-mail address with the token mailed to it",
    caller: "visitor",
    body: tokenBody,
    response: emailConfirmedResult,
    rateLimit: "auth",
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/auth/resend-verification",
    summary: "Mail her address's proof link again",
    caller: "member",
    status: 202,
    response: messageResponse,
    errors: [409],
    rateLimit: "auth",
  }),
  // A member who forgot her password is not signed in.
  passwordReset: endpoint({
    method: "POST",
    path: "/api/auth/password-reset",
    summary: "Mail a password reset link, if the address has an account",
    caller: "visitor",
    body: passwordResetBody,
    status: 202,
    response: messageResponse,
    rateLimit: "auth",
  }),
  // The mailed link is the proof.
  passwordResetConfirm: endpoint({
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    summary: "Set a new password with the mailed token, ending every session, and sign her in",
    caller: "visitor",
    body: passwordResetConfirmBody,
    response: currentUser,
    rateLimit: "auth",
  }),
  // Starts signing in.
  oidcLogin: endpoint({
    method: "GET",
    path: "/api/login",
    summary: "Redirect to the external sign-in provider, or to the sign-in page without one",
    caller: "visitor",
    query: loginRedirectQuery,
    response: null,
    errors: [503],
    rateLimit: "auth",
  }),
  // The external provider's return address.
  oidcCallback: endpoint({
    method: "GET",
    path: "/api/callback",
    summary: "Finish external sign-in and redirect to where she was going",
    caller: "visitor",
    response: null,
    rateLimit: "auth",
  }),
  // Signing out is harmless without a session; another site's link to it ends nothing.
  logout: endpoint({
    method: "GET",
    path: "/api/logout",
    summary: "Sign out and redirect to the home page (from another site: to her Sign Out button instead)",
    caller: "visitor",
    response: null,
  }),
};
