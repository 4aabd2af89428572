/*
 * The browser's side of turning alerts on (issue 30): the service worker of /admin/, the
 * notifications permission and the push subscription tied to the shop's VAPID public key.
 * Only the alerts page imports this, so no other page loads it.
 */

/**
 * The worker's scope: the whole back office, /admin itself included (so "/admin", which the
 * worker's own folder would not allow without its Service-Worker-Allowed header), as the manifest's.
 */
const SCOPE = "/admin";

export type PushSupport = "sin-soporte" | "denegado" | "listo";

export function pushSupport(): PushSupport {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "sin-soporte";
  return Notification.permission === "denied" ? "denegado" : "listo";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const given = subscription.options.applicationServerKey;
  if (!given) return false;
  const a = new Uint8Array(given);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Once the registration's worker is active. Not navigator.serviceWorker.ready: that waits for the
 * worker of the page's first address, which after moving between pages may be outside the scope.
 */
function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === "activated") return Promise.resolve();
  return new Promise((resolve, reject) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
      if (worker.state === "redundant") reject(new Error("el service worker no se pudo instalar"));
    });
  });
}

/** This browser's subscription for the back office, if it is tied to the shop's current key. */
export async function currentSubscription(publicKey: string): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && sameKey(subscription, publicKey) ? subscription : null;
}

export type Subscribed = { ok: true; endpoint: string; p256dh: string; auth: string } | { ok: false; reason: "denegado" | "sin-permiso" | "fallo"; detail?: string };

/** Registers the worker, asks for permission and subscribes; a subscription to an old key is replaced. */
export async function subscribe(publicKey: string): Promise<Subscribed> {
  try {
    const registration = await navigator.serviceWorker.register("/admin/sw.js", { scope: SCOPE, updateViaCache: "none" });
    const permission = await Notification.requestPermission();
    if (permission === "denied") return { ok: false, reason: "denegado" };
    if (permission !== "granted") return { ok: false, reason: "sin-permiso" };
    // A subscription needs the worker active, not just registered (the first visit installs it).
    await activated(registration);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, reason: "fallo", detail: "el navegador no dio las claves" };
    return { ok: true, endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
  } catch (error) {
    return { ok: false, reason: "fallo", detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Ends this browser's subscription; returns its endpoint for the server to forget it. */
export async function unsubscribe(publicKey: string): Promise<string | null> {
  const subscription = await currentSubscription(publicKey);
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
