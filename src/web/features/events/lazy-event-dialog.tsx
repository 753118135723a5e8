import { type ComponentProps, lazy, Suspense } from "react";
import { useLocation } from "wouter";
import type { EventFormInput } from "~/core/events/schemas";

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

/** A new event's form, from `initial` (nothing while null); once saved, its page opens. */
export function NewEventDialog({
  initial,
  onClose,
}: {
  initial: EventFormInput | null;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  if (!initial) return null;
  return (
    <EventDialog
      open
      onOpenChange={(open) => !open && onClose()}
      initial={initial}
      onSaved={(id) => navigate(`/events/${id}`)}
    />
  );
}
