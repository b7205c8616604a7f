/*
 * Vigia's service worker, served from the site root so it may show notifications for the whole app. It only
 * handles Web Push: the server sends an alarm notice (title, body, alarmLogId, companyId) encrypted for this
 * browser; the worker shows it even when no tab is open, and a click focuses an open tab or opens the app.
 * It caches nothing, so a deploy never leaves a browser on stale code.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function noticeOf(event) {
  if (!event.data) return {};
  try {
    const parsed = event.data.json();
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const notice = noticeOf(event);
  const title = typeof notice.title === "string" && notice.title ? notice.title : "Vigia";
  const logId = typeof notice.alarmLogId === "number" ? notice.alarmLogId : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === "string" ? notice.body : "",
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      // One notification per notice: a repeated delivery replaces it instead of stacking.
      tag: logId === null ? undefined : `alarm-${logId}`,
      data: { url: "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
