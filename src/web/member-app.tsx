import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Redirect, Route, Switch } from "wouter";
import type { CurrentUser } from "~/core/schemas/auth";
import { AppShell } from "./components/app-shell";
import { PageLive } from "./components/page-live";
import { PageSpinner } from "./components/ui/spinner";
import NotFoundPage from "./features/errors/not-found-page";
import { USER_KEY, useAuth } from "./lib/auth";
import { queryClient } from "./lib/query-client";
import { memberRoutes } from "./routes";

function MemberRoutes({ initialUser }: { initialUser: CurrentUser }) {
  const { user } = useAuth();
  // Signed out elsewhere (the user query answered 401): start over as a visitor.
  if (user === null) {
    window.location.assign("/");
    return <PageSpinner />;
  }
  return (
    <AppShell user={user ?? initialUser}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {memberRoutes.map(({ path, page: Page }) => (
            <Route key={path} path={path}>
              {(params) => <Page params={params} />}
            </Route>
          ))}
          <Route path="/sign-in">
            <Redirect to="/" />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
        <PageLive />
      </Suspense>
    </AppShell>
  );
}

export default function MemberApp({
  user,
  queries,
  client = queryClient,
}: {
  user: CurrentUser;
  /** The answers a page drawn by the server showed: the page starts from them, as it was drawn. */
  queries?: DehydratedState;
  client?: QueryClient;
}) {
  useState(() => {
    if (queries) hydrate(client, queries);
    client.setQueryData(USER_KEY, user);
  });
  return (
    <QueryClientProvider client={client}>
      <MemberRoutes initialUser={user} />
    </QueryClientProvider>
  );
}
