import type { ComponentType } from "react";

/** Who opened an account page: a member is signed in in this browser (absent for a visitor). */
export interface AccountPageMember {
  email: string;
  /** Asks again for what a followed link changed: who she is (the e-mail banner) and her profile. */
  refresh: () => Promise<void>;
}

/** A page reached from a link in an e-mail, which both apps route (`accountRoutes` in src/web/routes.ts). */
export type AccountPage = ComponentType<{ member?: AccountPageMember }>;
