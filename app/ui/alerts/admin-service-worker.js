// The back office's service worker (issue 30), served at /admin/sw.js for the scope /admin.
// It only shows the staff's alerts: no caching, no fetch handler, so the pages stay as the
// server sends them. The message is JSON { title, body, url } (app/server/alerts).
/* global self */
function read(data) {
  try {
    return data ? data.json() : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener("push", (event) => {
  const message = read(event.data);
  const url = typeof message.url === "string" && message.url.startsWith("/admin") ? message.url : "/admin";
  event.waitUntil(
    self.registration.showNotification(message.title || "Aviso de la tienda", {
      body: message.body || "",
      icon: "/iconos/administracion-192.png",
      badge: "/iconos/administracion-192.png",
      lang: "es",
      data: { url },
    }),
  );
});

// A tap opens the alert's page: in a window of the back office already open, or a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/admin", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
      if (open) return open.navigate(target).then((client) => (client || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
