import { lazy, Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { HydrationMarker } from "./components/hydration-marker";
import { PageSpinner } from "./components/ui/spinner";
import NotFoundPage from "./features/errors/not-found-page";
import LandingPage from "./features/landing/landing-page";
import { announceSignedOut } from "./lib/signed-out";
import { accountRoutes, adminPaths, CertificatePage, guardedPaths } from "./routes";

const SignInPage = lazy(() => import("./features/auth/sign-in-page"));
const AdminSignInPrompt = lazy(() => import("./features/auth/admin-sign-in-prompt"));

/** A member page opened while signed out: say so, then go to sign in (SPEC §2.1). */
export function SignedOutRedirect() {
  useEffect(announceSignedOut, []);
  return <PageSpinner />;
}

export default function VisitorApp() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/sign-in">
          <SignInPage />
        </Route>
        <Route path="/register">
          <SignInPage joining />
        </Route>
        {accountRoutes.map(({ path, page: Page }) => (
          <Route key={path} path={path}>
            <Page />
          </Route>
        ))}
        <Route path="/certificates/:code">
          <CertificatePage />
        </Route>
        {adminPaths.map((path) => (
          <Route key={path} path={path} component={AdminSignInPrompt} />
        ))}
        {guardedPaths.map((path) => (
          <Route key={path} path={path} component={SignedOutRedirect} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
      <HydrationMarker />
    </Suspense>
  );
}
