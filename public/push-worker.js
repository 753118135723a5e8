// Web Push in the service worker (decision 042); the generated worker imports this file.
// A push carries { title, body, url, tag } (src/server/features/push/deliver.ts).
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    (async () => {
      // She is looking at the conversation a message arrived in: the page shows it live, so the
      // device stays quiet. (Browsers insist on a notice only when no page of the site is in view.)
      if (message.url && (await conversationInView(message.url))) return;
      await self.registration.showNotification(message.title || "Notification", {
        body: message.body || "",
        tag: message.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url: message.url || "/notifications" },
      });
    })(),
  );
});

async function conversationInView(link) {
  const url = new URL(link, self.location.origin);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/messages/")) return false;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.some((client) => {
    const shown = new URL(client.url);
    return client.focused && shown.origin === url.origin && shown.pathname === url.pathname;
  });
}

// A tap opens its link: in a window of the site already open if there is one, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/notifications", self.location.origin);
  // Only our own pages: a link elsewhere opens the notifications list instead.
  const target = url.origin === self.location.origin ? url.href : new URL("/notifications", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focusing needs the tap's permission, which a slow start can outlast: the page still follows.
        await open.focus().catch(() => {});
        if ("navigate" in open) await open.navigate(target).catch(() => {});
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
