import { data } from "react-router";
import { browserName } from "~/domain/accounts/browser-name";
import { ALERT_KINDS } from "~/domain/alerts/alert-kinds";
import { choicesSchema, subscribeSchema, unsubscribeSchema } from "~/domain/alerts/alert-forms";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { firstMessage } from "~/domain/fields/field-errors";
import { requireAdmin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { chooseKinds, chosenKinds, devicesOf, removeDevice, saveDevice } from "./alert-devices.server";
import { vapidKeys } from "./vapid-keys.server";

/*
 * /admin/avisos (issue 30): an administrator turns alerts on for the device in hand (the page's
 * script subscribes it to its browser's push service and posts the subscription here), chooses
 * which alerts to get, and removes devices. Choosing and removing are plain forms.
 */

export async function alertsLoader(request: Request) {
  const admin = await requireAdmin(request);
  const db = await getDb();
  const devices = await devicesOf(db, admin.id);
  return {
    // The public half only: the browser ties its subscription to it.
    publicKey: (await vapidKeys(db)).publicKey,
    kinds: await chosenKinds(db, admin.id),
    devices: devices.map((device) => ({
      id: device.id,
      endpoint: device.endpoint,
      name: browserName(device.userAgent),
      since: formatDateTime(device.createdAt),
      lastSent: device.lastSentAt ? formatDateTime(device.lastSentAt) : null,
      failing: device.failures > 0,
    })),
  };
}

export type AlertsReply = { ok: true; message: string } | { ok: false; error: string };

const refuse = (error: string, status = 400) => data<AlertsReply>({ ok: false, error }, { status });

export async function alertsAction(request: Request) {
  const form = await readForm(request, { maxBytes: 8_000 });
  const admin = await requireAdmin(request);
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "elegir") {
    const parsed = choicesSchema.safeParse({ intent, kinds: form.getAll("kinds") });
    if (!parsed.success) return refuse(firstMessage(parsed.error, "Elija avisos de la lista."));
    await chooseKinds(db, admin.id, parsed.data.kinds);
    const count = parsed.data.kinds.length;
    return data<AlertsReply>({ ok: true, message: count === 0 ? "Guardado: no recibirá ningún aviso." : `Guardado: recibirá ${count === ALERT_KINDS.length ? "todos los avisos" : `${count} tipo${count === 1 ? "" : "s"} de aviso`}.` });
  }
  if (intent === "activar") {
    const parsed = subscribeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refuse(firstMessage(parsed.error, "El navegador no dio una suscripción válida."));
    const { endpoint, p256dh, auth } = parsed.data;
    await saveDevice(db, admin.id, { endpoint, p256dh, auth, userAgent: request.headers.get("user-agent") ?? "" });
    return data<AlertsReply>({ ok: true, message: "Avisos activados en este dispositivo." });
  }
  const parsed = unsubscribeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refuse(firstMessage(parsed.error, "No sabemos qué quiere hacer: recargue la página."));
  const which = parsed.data.intent === "desactivar" ? { endpoint: parsed.data.endpoint } : { id: parsed.data.id };
  const removed = await removeDevice(db, admin.id, which);
  // Turning off a device already gone (a second click, another tab) ends where it wanted.
  if (!removed && parsed.data.intent === "quitar") return refuse("Ese dispositivo ya no tiene los avisos activados.", 404);
  return data<AlertsReply>({ ok: true, message: parsed.data.intent === "desactivar" ? "Avisos desactivados en este dispositivo." : "Dispositivo quitado: ya no recibirá avisos." });
}
