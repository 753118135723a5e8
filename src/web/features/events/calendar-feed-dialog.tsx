import { eventsEndpoints as api } from "~/core/events/endpoints";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { notifySuccess } from "~/web/lib/notify";

/** Her private feed's address, to subscribe to in a calendar app, and a way to change it. */
export function CalendarFeedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const feed = useEndpoint(api.feed, undefined, { enabled: open });
  const reset = useEndpointMutation(api.resetFeed, {
    input: (_: object) => ({}),
    invalidates: () => [keyOf(api.feed)],
    success: { title: "New address made", description: "The old address no longer works." },
    failure: { title: "Error", description: "Failed to reset the address. Please try again." },
  });
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      notifySuccess("Address copied");
    } catch {
      // No clipboard here (an insecure page, a refused permission): the field is there to copy from.
      document.getElementById("calendar-feed-url")?.focus();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Your calendar feed"
        description="Subscribe to this private address in your calendar app to see the events you're going to. Keep it to yourself; reset it if it was shared."
        className="max-w-xl"
      >
        {feed.data ? (
          <Field id="calendar-feed-url" label="Feed address">
            <Input
              id="calendar-feed-url"
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
            />
          </Field>
        ) : (
          <Skeleton className="h-11 w-full" />
        )}
        <DialogActions className="mt-6">
          <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate({})}>
            {reset.isPending ? "Resetting..." : "Reset address"}
          </Button>
          <Button disabled={!feed.data} onClick={() => void copy()}>
            Copy address
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
