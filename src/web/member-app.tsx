import {
  type DehydratedState,
  hydrate,
  type QueryClient,
  QueryClientProvider,
  useQueryClient,
} from "@tanstack/react-query";
import { Suspense, useMemo, useState } from "react";
import { Redirect, Route, Switch } from "wouter";
import type { CurrentUser } from "~/core/auth/schemas";
import { AppShell } from "./components/app-shell";
import { HydratedInTurn } from "./components/hydrated-in-turn";
import { HydrationMarker } from "./components/hydration-marker";
import { PageSpinner } from "./components/ui/spinner";
import { MemberNotFoundPage } from "./features/errors/not-found-page";
import type { AccountPageMember } from "./lib/account-page";
import { AuthProvider, USER_KEY, useAuth } from "./lib/auth";
import { keyOf } from "./lib/endpoints";
import { queryClient } from "./lib/query-client";
import { accountRoutes, CertificatePage, memberRoutes } from "./routes";

function MemberRoutes({ initialUser }: { initialUser: CurrentUser }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const email = (user ?? initialUser).email;
  // The account pages (links from her mail) refresh what a followed link changed.
  const member = useMemo<AccountPageMember>(
    () => ({
      email,
      refresh: async () => {
        // Asked for only after following a mailed link: imported above, every member page would load it.
        const { profileEndpoints } = await import("~/core/profile/endpoints");
        await Promise.all([
          client.invalidateQueries({ queryKey: USER_KEY }),
          client.invalidateQueries({ queryKey: keyOf(profileEndpoints.get) }),
        ]);
      },
    }),
    [client, email],
  );
  // Signed out elsewhere (the user query got a 401): start over as a visitor.
  if (user === null) {
    window.location.assign("/");
    return <PageSpinner />;
  }
  return (
    <Switch>
      {/* Opened from her mail, signed in or not: a card of their own, without the app's navigation. */}
      {accountRoutes.map(({ path, page: Page }) => (
        <Route key={path} path={path}>
          <Suspense fallback={<PageSpinner />}>
            <Page member={member} />
            <HydrationMarker />
          </Suspense>
        </Route>
      ))}
      <Route>
        <AppShell user={user ?? initialUser}>
          <Suspense fallback={<PageSpinner />}>
            <Switch>
              {memberRoutes.map(({ path, page: Page }) => (
                <Route key={path} path={path}>
                  {(params) => (
                    <HydratedInTurn>
                      <Page params={params} />
                    </HydratedInTurn>
                  )}
                </Route>
              ))}
              <Route path="/certificates/:code">
                <CertificatePage signedIn />
              </Route>
              <Route path="/sign-in">
                <Redirect to="/" />
              </Route>
              <Route path="/register">
                <Redirect to="/" />
              </Route>
              <Route component={MemberNotFoundPage} />
            </Switch>
            <HydrationMarker />
          </Suspense>
        </AppShell>
      </Route>
    </Switch>
  );
}

export default function MemberApp({
  user,
  queries,
  client = queryClient,
}: {
  user: CurrentUser;
  /** The dehydrated responses of a server-rendered page: the page starts from them, as it was rendered. */
  queries?: DehydratedState;
  client?: QueryClient;
}) {
  useState(() => {
    if (queries) hydrate(client, queries);
    client.setQueryData(USER_KEY, user);
  });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemberRoutes initialUser={user} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
