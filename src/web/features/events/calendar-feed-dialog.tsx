import { CalendarPlus } from "lucide-react";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { notifySuccess } from "~/web/lib/notify";
import { publicConfig } from "~/web/lib/public-config";

const CALENDAR_APPS = ["Apple Calendar", "Google Calendar", "Outlook"] as const;

/**
 * One-tap subscriptions to her feed: Apple's calendars open a webcal:// address themselves, Google
 * Calendar and Outlook take it in their "add a calendar from the web" pages.
 */
function subscribeLinks(feedUrl: string, name: string) {
  const webcal = feedUrl.replace(/^https?:\/\//, "webcal://");
  return [
    { app: CALENDAR_APPS[0], href: webcal },
    {
      app: CALENDAR_APPS[1],
      href: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    },
    {
      app: CALENDAR_APPS[2],
      href: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(name)}`,
    },
  ];
}

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
    success: { title: t("New address made"), description: t("The old address no longer works.") },
    failure: { title: t("Error"), description: t("Failed to reset the address. Please try again.") },
  });
  // Until the address comes, the buttons' places.
  const links: { app: string; href?: string }[] = feed.data
    ? subscribeLinks(feed.data.url, t("{site} events", { site: publicConfig.siteName }))
    : CALENDAR_APPS.map((app) => ({ app }));
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      notifySuccess(t("Address copied"));
    } catch {
      // No clipboard here (an insecure page, a refused permission): the field is there to copy from.
      document.getElementById("calendar-feed-url")?.focus();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("Your calendar feed")}
        description={t(
          "Subscribe to this private address in your calendar app to see the events you're going to. Keep it to yourself; reset it if it was shared.",
        )}
        className="max-w-xl"
      >
        <section aria-labelledby="calendar-subscribe-heading">
          <h3 id="calendar-subscribe-heading" className="font-sans text-sm font-semibold">
            {t("Subscribe in one tap")}
          </h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-3">
            {links.map((link) => (
              <li key={link.app}>
                {link.href ? (
                  <a
                    href={link.href}
                    // The web calendars open beside the app; Apple's hands the address to the calendar app.
                    {...(link.href.startsWith("https:")
                      ? { target: "_blank", rel: "noopener noreferrer" }
                      : {})}
                    className={buttonClass("outline", "md", "w-full")}
                    aria-label={t("Subscribe in {app}", { app: link.app })}
                  >
                    <CalendarPlus aria-hidden="true" /> {link.app}
                  </a>
                ) : (
                  <Skeleton className="h-11 w-full" />
                )}
              </li>
            ))}
          </ul>
        </section>
        <p className="mt-5 mb-3 text-sm text-muted">
          {t("Another calendar app? Copy the address and add it as a subscription.")}
        </p>
        {feed.data ? (
          <Field id="calendar-feed-url" label={t("Feed address")}>
            <Input
              id="calendar-feed-url"
              dir="ltr"
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
            {reset.isPending ? t("Resetting...") : t("Reset address")}
          </Button>
          <Button disabled={!feed.data} onClick={() => void copy()}>
            {t("Copy address")}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
