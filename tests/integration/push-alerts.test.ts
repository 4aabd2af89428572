import { eq, inArray } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { Agent, request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newOrderAlert } from "~/domain/alerts/alert-messages";
import { contactFormSchema } from "~/domain/quotes/contact-form-schema";
import { action, loader } from "~/routes/alerts/admin-alerts";
import { enqueueAlert, PUSH_ALERT_KIND, PUSH_SEND_KIND } from "~/server/alerts/alert-queue.server";
import { pushSubscriptions } from "~/server/alerts/alerts-schema.server";
import { ALERT_TTL_SECONDS, pushAlertHandler, pushSendHandler } from "~/server/alerts/push-alerts.server";
import { forgetVapidKeysForTests, vapidKeys } from "~/server/alerts/vapid-keys.server";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries, registerOutboxHandler } from "~/server/outbox.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { signUp } from "../support/auth-utils";
import { startPushStandIn, type StandInSubscription } from "../support/push-standin";

/*
 * Issue 30: the staff's alerts go from an event, through the outbox, to a local push service
 * (tests/support/push-standin.ts) that checks the VAPID signature and decrypts the message as a
 * phone would. The stand-in also plays the phone's browser: it makes the subscription's keys.
 */
const ready = setupTestDatabase();
const standIn = await startPushStandIn();
Object.assign(process.env, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "avisos-")), SHOP_EMAIL: "info@tienda.example" });
resetConfigForTests();
registerOutboxHandlers();
// The stand-in's certificate is its own: the sender trusts it here, as NODE_EXTRA_CA_CERTS does in the e2e server.
registerOutboxHandler(PUSH_ALERT_KIND, pushAlertHandler());
registerOutboxHandler(PUSH_SEND_KIND, pushSendHandler({ agent: new Agent({ ca: standIn.certificate }) }));
vi.spyOn(console, "log").mockImplementation(() => {});
afterAll(async () => {
  delete process.env.SHOP_EMAIL;
  resetConfigForTests();
  await standIn.close();
});
beforeEach(() => {
  standIn.received.length = 0;
  standIn.refused.length = 0;
});

/** Everything due, including the device entries an alert splits into. */
async function drain() {
  for (let round = 0; round < 10 && (await processDueEntries(50)) > 0; round++);
}

/** A device of this administrator, subscribed as the page's script does it (the action "activar"). */
async function subscribedDevice(cookie: string, serverKey?: string): Promise<StandInSubscription> {
  const page = await settle(() => loader({ request: adminRequest("/admin/avisos", cookie), params: {}, context: {} } as never));
  const { publicKey } = page.data as { publicKey: string };
  const device = standIn.subscribe(serverKey ?? publicKey);
  const posted = await settle(() => action({ request: adminRequest("/admin/avisos", cookie, { intent: "activar", endpoint: device.endpoint, ...device.keys }), params: {}, context: {} } as never));
  expect(posted).toMatchObject({ status: 200, data: { ok: true } });
  return device;
}

async function choose(cookie: string, kinds: string[]) {
  return settle(() => action({ request: adminRequest("/admin/avisos", cookie, { intent: "elegir", kinds }), params: {}, context: {} } as never));
}

async function deviceRow(endpoint: string) {
  const { db } = await ready;
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

async function entriesOf(kind: string, ref: string) {
  const { db } = await ready;
  return db.select().from(outbox).where(eq(outbox.ref, ref)).then((rows) => rows.filter((row) => row.kind === kind));
}

let owner = "";
let device: StandInSubscription;

describe("alerts on the staff's phones", () => {
  it("a new request reaches the administrator's device: signed with the shop's VAPID key, decrypted to the exact message", async () => {
    const { db } = await ready;
    owner = await adminCookie(db, "duena-avisos@termoclima.test");
    device = await subscribedDevice(owner);
    const values = contactFormSchema.parse({ nameAndSurname: "Ana García", phone: "600 123 456", email: "ana@example.com", adress: "Calle Mayor 1", state: "Alcorcón", message: "Quiero un aire acondicionado." });
    const requestId = await storeContactRequest(db, values, { productId: null, sourcePage: "/contacto" });
    await drain();
    expect(standIn.refused).toEqual([]);
    expect(standIn.received).toHaveLength(1);
    const [got] = standIn.received;
    expect(JSON.parse(got!.text)).toEqual({ title: "Solicitud nueva de Ana García (Alcorcón)", body: "Desde el formulario de contacto", url: `/admin/solicitudes/${requestId}` });
    expect(got!.vapid).toMatchObject({ sub: "mailto:info@tienda.example", aud: standIn.origin, key: (await vapidKeys(db)).publicKey });
    expect(got!.ttl).toBe(ALERT_TTL_SECONDS);
    expect((await deviceRow(device.endpoint))!.lastSentAt).not.toBeNull();
    expect(await entriesOf(PUSH_SEND_KIND, `contact:${requestId}`)).toMatchObject([{ status: "done" }]);
  });

  it("keeps the shop's key pair: the same after a restart, and the private half never in the page", async () => {
    const { db } = await ready;
    const before = await vapidKeys(db);
    forgetVapidKeysForTests();
    expect(await vapidKeys(db)).toEqual(before);
    const page = await settle(() => loader({ request: adminRequest("/admin/avisos", owner), params: {}, context: {} } as never));
    expect(JSON.stringify(page.data)).not.toContain(before.privateKey);
  });

  it("honours the choices: an alert of a kind not chosen goes nowhere", async () => {
    const { db } = await ready;
    expect(await choose(owner, ["pedido"])).toMatchObject({ status: 200, data: { ok: true } });
    await enqueueAlert(db, { kind: "solicitud", title: "Solicitud nueva de Luis (Getafe)", body: "x", url: "/admin/solicitudes/1" }, "prueba:elegidos-1");
    const order = newOrderAlert({ number: "T2026-000123", totalCents: 123_400, payMethod: "Transferencia" });
    await enqueueAlert(db, order, "prueba:elegidos-2");
    await drain();
    expect(order.title).toBe("Pedido nuevo T2026-000123 · 1.234,00\u00a0€");
    expect(standIn.received.map((r) => JSON.parse(r.text))).toEqual([{ title: order.title, body: "Pago: Transferencia", url: "/admin/pedidos/T2026-000123" }]);
    expect(await entriesOf(PUSH_ALERT_KIND, "prueba:elegidos-1")).toMatchObject([{ status: "skipped" }]);
    await choose(owner, ["pedido", "solicitud", "presupuesto-aceptado", "pago", "parte-firmado"]);
  });

  it("sends nothing to a technician's device nor to a customer's", async () => {
    const { db } = await ready;
    const technician = await technicianSession(db, "tecnico-avisos@termoclima.test", "Técnico");
    const customer = await signUp("cliente-avisos@example.com");
    const other = standIn.subscribe();
    await db.insert(pushSubscriptions).values([{ userId: technician.id, endpoint: other.endpoint, p256dh: other.keys.p256dh, auth: other.keys.auth }]);
    const refused = await settle(() => action({ request: adminRequest("/admin/avisos", technician.cookie, { intent: "activar", endpoint: other.endpoint, ...other.keys }), params: {}, context: {} } as never));
    expect(refused.status).toBe(404);
    const notStaff = await settle(() => action({ request: adminRequest("/admin/avisos", customer, { intent: "activar", endpoint: other.endpoint, ...other.keys }), params: {}, context: {} } as never));
    expect(notStaff.status).toBe(404);
    await enqueueAlert(db, newOrderAlert({ number: "T2026-000124", totalCents: 1000, payMethod: "Tarjeta" }), "prueba:tecnico");
    await drain();
    expect(standIn.received.map((r) => r.device)).toEqual([device.endpoint.split("/").pop()]);
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, other.endpoint));
  });

  it("a push service's 500 counts a failure and is retried; a 410 drops the device", async () => {
    const { db } = await ready;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    standIn.answer(device.endpoint, 500);
    await enqueueAlert(db, newOrderAlert({ number: "T2026-000125", totalCents: 5000, payMethod: "Bizum" }), "prueba:reintento");
    await drain();
    const [waiting] = await entriesOf(PUSH_SEND_KIND, "prueba:reintento");
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toMatch(/HTTP 500/);
    expect((await deviceRow(device.endpoint))!.failures).toBe(1);
    expect(warn).toHaveBeenCalled();

    standIn.answer(device.endpoint, 201);
    await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, waiting!.id));
    await drain();
    expect(standIn.received.map((r) => JSON.parse(r.text).title)).toEqual([expect.stringContaining("T2026-000125")]);
    expect((await deviceRow(device.endpoint))!.failures).toBe(0);

    standIn.answer(device.endpoint, 410);
    await enqueueAlert(db, newOrderAlert({ number: "T2026-000126", totalCents: 5000, payMethod: "Bizum" }), "prueba:gone");
    await drain();
    expect(await deviceRow(device.endpoint)).toBeUndefined();
    expect(await entriesOf(PUSH_SEND_KIND, "prueba:gone")).toMatchObject([{ status: "skipped" }]);
    warn.mockRestore();
  });

  it("a subscription made for another VAPID key is refused (403) and not retried", async () => {
    const { db } = await ready;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const stranger = webpush.generateVAPIDKeys();
    const mismatched = await subscribedDevice(owner, stranger.publicKey);
    await enqueueAlert(db, newOrderAlert({ number: "T2026-000127", totalCents: 5000, payMethod: "Bizum" }), "prueba:otra-clave");
    await drain();
    expect(standIn.received).toEqual([]);
    expect(standIn.refused).toMatchObject([{ status: 403 }]);
    expect(await entriesOf(PUSH_SEND_KIND, "prueba:otra-clave")).toMatchObject([{ status: "failed" }]);
    expect((await deviceRow(mismatched.endpoint))!.failures).toBe(1);
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, [mismatched.endpoint]));
    error.mockRestore();
  });

  it("the stand-in refuses a JWT whose signature is not by the key it names", async () => {
    const signer = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const target = standIn.subscribe();
    const details = webpush.generateRequestDetails(target, "hola", { vapidDetails: { subject: "mailto:info@tienda.example", publicKey: signer.publicKey, privateKey: signer.privateKey }, TTL: 60 });
    const headers = { ...details.headers, Authorization: String(details.headers.Authorization).replace(/k=[\w-]+/, `k=${other.publicKey}`) };
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(details.endpoint, { method: "POST", headers, ca: standIn.certificate }, (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.end(details.body);
    });
    expect(status).toBe(401);
    expect(standIn.refused.at(-1)?.reason).toMatch(/firma/);
  });

  it("answers bad input with 400 and a Spanish message", async () => {
    const bad = await settle(() => action({ request: adminRequest("/admin/avisos", owner, { intent: "activar", endpoint: "no es una dirección", p256dh: "x", auth: "y" }), params: {}, context: {} } as never));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, error: "La dirección del servicio de avisos no es válida." } });
    const kinds = await choose(owner, ["pedido", "otra-cosa"]);
    expect(kinds).toMatchObject({ status: 400, data: { ok: false, error: "Ese tipo de aviso no existe." } });
    const gone = await settle(() => action({ request: adminRequest("/admin/avisos", owner, { intent: "quitar", id: "999999" }), params: {}, context: {} } as never));
    expect(gone.status).toBe(404);
  });
});
