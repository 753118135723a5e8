import { type ComponentProps, lazy, Suspense } from "react";

const LoadedEventDialog = lazy(() => import("./event-dialog").then((m) => ({ default: m.EventDialog })));

/**
 * The event form, loaded when it is first opened: the pages that list events (the community page,
 * an event's page, a group's page) start without the form library.
 */
export function EventDialog(props: ComponentProps<typeof LoadedEventDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoadedEventDialog {...props} />
    </Suspense>
  );
}
