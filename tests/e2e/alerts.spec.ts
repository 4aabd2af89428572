import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { adminContext, openAdminSection } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { placeTransferOrder, signUpCustomer } from "../support/customer-e2e";
import { startPushStandIn, type PushStandIn } from "../support/push-standin";
import { hydrated, lookAtBothWidths, rejectCookies } from "./helpers";

/*
 * Issue 30, alerts on the owner's phone, on a server of this spec's own that trusts the local
 * push service (tests/support/push-standin.ts) through NODE_EXTRA_CA_CERTS, as it would trust a
 * real one. Two things a headless Chromium cannot do, measured here: subscribe to a push
 * service ("Registration failed - permission denied", there is no FCM connection) and, in the
 * headless shell, run a service worker's push event. So:
 * - the page's own script runs, but PushManager's subscribe/getSubscription hand back a
 *   subscription of the stand-in (which plays the browser's push service and makes the keys);
 * - the service worker's (scope /admin) notification is checked in the full Chromium (--headless=new), with a
 *   message delivered through the DevTools protocol (ServiceWorker.deliverPushMessage).
 * A customer's order then reaches the stand-in, which checks the VAPID signature and decrypts it.
 */
const PORT = specPort(185);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-alertas@termoclima.test";
const CUSTOMER = "lola.avisos@example.com";
const THERMOSTAT = "/tienda/detalle/termostatos/14";
/** Debian's full Chromium: the headless shell never fires a service worker's push event. */
const FULL_CHROMIUM = process.env.E2E_FULL_CHROME_PATH ?? "/usr/lib/chromium/chromium";

/** Stands in for the browser's own subscription to its push service (see above). */
const STAND_IN_SUBSCRIPTION = `(() => {
  const SAVED = "subscripcion-del-simulador";
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
  const subscription = ({ json, key }) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(key) },
    toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
    unsubscribe: async () => (localStorage.removeItem(SAVED), true),
  });
  PushManager.prototype.subscribe = async function (options) {
    const key = b64(options.applicationServerKey);
    const saved = { json: await window.pushStandInSubscribe(key), key };
    localStorage.setItem(SAVED, JSON.stringify(saved));
    return subscription(saved);
  };
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem(SAVED);
    return saved ? subscription(JSON.parse(saved)) : null;
  };
})();`;

const state: { server?: AppServer; standIn?: PushStandIn; full?: Browser } = {};
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }, info) => {
  // A server of its own, an administrator enrolled through the real pages and a second browser.
  test.setTimeout(180_000);
  const viewport = info.project.use.viewport ?? { width: 1400, height: 900 };
  state.standIn = await startPushStandIn();
  const certificate = path.join(mkdtempSync(path.join(tmpdir(), "simulador-push-")), "certificado.pem");
  writeFileSync(certificate, state.standIn.certificate);
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("alertas"),
    env: { NODE_EXTRA_CA_CERTS: certificate, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CART_RATE_LIMIT: "1000" },
  });
  state.full = await chromium.launch({ executablePath: FULL_CHROMIUM, args: [...CHROMIUM_ARGS, "--headless=new"] });
  admin = await adminContext(state.full, base, OWNER, { viewport });
  await admin.context.grantPermissions(["notifications"], { origin: base });
  await admin.context.exposeFunction("pushStandInSubscribe", (key: string) => state.standIn!.subscribe(key));
  await admin.context.addInitScript(STAND_IN_SUBSCRIPTION);
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await signUpCustomer(customer.page, base, CUSTOMER);
});

test.afterAll(async () => {
  await state.server?.stop();
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
  await state.full?.close().catch(() => {});
  await state.standIn?.close();
});

test.describe("alerts", { tag: "@movil" }, () => {
  test("an administrator turns alerts on for this device; the service worker shows a pushed alert", async () => {
    const { page } = admin;
    await page.goto("/admin");
    await hydrated(page);
    // Installable: the manifest of the back office, linked from its pages only.
    const manifest = await page.request.get(await page.locator('link[rel="manifest"]').getAttribute("href").then((href) => href!));
    expect(await manifest.json()).toMatchObject({ start_url: "/admin", scope: "/admin", display: "standalone", short_name: "Administración" });
    await openAdminSection(page, "Avisos");
    await expect(page.getByRole("heading", { level: 1, name: "Avisos en el móvil" })).toBeVisible();
    await hydrated(page);
    await expect(page.getByText("Este dispositivo no recibe avisos.")).toBeVisible();
    await lookAtBothWidths(page, "admin-avisos");

    await page.getByRole("button", { name: "Activar los avisos en este dispositivo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Avisos activados en este dispositivo." })).toBeVisible();
    await expect(page.getByText("Los avisos están activados en este dispositivo.")).toBeVisible();
    // Stored: the page lists it from the database, with this browser's name.
    const devices = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Quitar / }) });
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    await expect(devices).toContainText("Sin avisos todavía");

    // The service worker of /admin/ shows what a push service delivers.
    const cdp = await admin.context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${base}/admin` && !r.isDeleted)?.registrationId).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${base}/admin`)!.registrationId;
    // The page's script waited for the worker to be active before subscribing.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin"))?.active?.scriptURL)).toBe(`${base}/admin/sw.js`);
    const alert = { title: "Pedido nuevo T2026-000999 · 49,90 €", body: "Pago: Transferencia", url: "/admin/pedidos/T2026-000999" };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data: JSON.stringify(alert) });
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration("/admin"))!.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }))))
      .toEqual([alert]);
  });

  test("a customer's new order reaches the push service of the subscribed device, signed and encrypted", async () => {
    const standIn = state.standIn!;
    const number = await placeTransferOrder(customer.page, THERMOSTAT);
    await expect.poll(() => standIn.received.map((r) => JSON.parse(r.text) as { title: string; url: string }).find((m) => m.url === `/admin/pedidos/${number}`), { timeout: 20_000 }).toMatchObject({
      title: expect.stringMatching(new RegExp(`^Pedido nuevo ${number} · \\d+,\\d{2}\\s€$`)),
    });
    expect(standIn.refused).toEqual([]);
    const got = standIn.received.at(-1)!;
    expect(got.vapid).toMatchObject({ aud: standIn.origin, sub: "mailto:info@termoclima.example" });
    // The page shows when it last reached the device.
    await admin.page.reload();
    await expect(admin.page.getByText(/Último aviso: /)).toBeVisible();
  });

  test("without JavaScript the page says what it needs; choices and removing a device still work", async () => {
    const context = await state.full!.newContext({ baseURL: base, locale: "es-ES", javaScriptEnabled: false, storageState: await admin.context.storageState() });
    const page = await context.newPage();
    try {
      await page.goto("/admin/avisos");
      await expect(page.getByText(/Para activar los avisos en este dispositivo hace falta JavaScript/)).toBeVisible();
      await page.getByRole("checkbox", { name: /Solicitud nueva/ }).uncheck();
      await page.getByRole("button", { name: "Guardar los avisos elegidos" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Guardado" })).toHaveText("Guardado: recibirá 5 tipos de aviso.");
      await expect(page.getByRole("checkbox", { name: /Solicitud nueva/ })).not.toBeChecked();
      await page.getByRole("button", { name: /^Quitar / }).click();
      await expect(page.getByRole("status").filter({ hasText: "Dispositivo quitado" })).toHaveText("Dispositivo quitado: ya no recibirá avisos.");
      await expect(page.getByText("Ningún dispositivo recibe sus avisos todavía.")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
