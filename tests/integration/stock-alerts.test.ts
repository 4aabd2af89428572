import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/site/retention";
import { ALERT_MESSAGES, type StockAlertReply } from "~/domain/stock-alerts/alert-form";
import { action as alertAction } from "~/routes/stock-alerts/stock-alerts";
import { action as linkAction, loader as linkLoader } from "~/routes/stock-alerts/stock-alert-link";
import { action as editAction, loader as editLoader } from "~/routes/catalogue/admin-product";
import { loader as listLoader } from "~/routes/catalogue/admin-products";
import { action as importAction } from "~/routes/catalogue/admin-products-import";
import { resetConfigForTests, publicShopInfo } from "~/server/config.server";
import { outbox, pageChanges, products, stockAlerts } from "~/server/db/schema.server";
import { cancelOrder } from "~/server/orders/cancel-order.server";
import { backInStockMail, purgeStockAlerts, STOCK_ALERT_NOTICE_KIND } from "~/server/stock-alerts/stock-alerts.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * Back-in-stock alerts (issue 15) on the embedded database: the form's action, the e-mails'
 * links, and the one notice per confirmed request when stock comes back by any path (the
 * back office's editor, the CSV import, a cancelled order's units, a hand-typed UPDATE).
 */
const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
resetConfigForTests();
let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie((await ready).db, "admin-disponibilidad@termoclima.test");
});
afterAll(() => {
  delete process.env.PUBLIC_BASE_URL;
  resetConfigForTests();
});

let lastIp = 0;
let ip = "";
beforeEach(() => {
  ip = `203.0.113.${++lastIp}`;
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function ask(fields: Record<string, string>, from = ip) {
  const request = new Request("https://tienda.example/avisos-disponibilidad", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "x-forwarded-for": from },
  });
  const settled = await settle(() => alertAction(args(request)));
  return { status: settled.status, reply: settled.data as StockAlertReply };
}

const valid = (productId: number, email: string) => ({ producto: String(productId), email, consentimiento: "si", web: "" });

async function alertsOf(productId: number) {
  const { db } = await ready;
  return db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId)).orderBy(stockAlerts.id);
}

async function entriesFor(alertId: number) {
  const { db } = await ready;
  return db.select().from(outbox).where(eq(outbox.ref, `stock-alert:${alertId}`)).orderBy(outbox.id);
}

const link = async (method: "GET" | "POST", accion: string, token: string) => {
  // The button's form, as a browser posts it: an empty urlencoded body.
  const post = { body: "", headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  const request = new Request(`https://tienda.example/avisos-disponibilidad/${accion}/${token}`, { method, ...(method === "POST" ? post : {}) });
  const params = { accion, token };
  return settle(() => (method === "GET" ? linkLoader(args(request, params)) : linkAction(args(request, params))));
};
const outcomeOf = (settled: { data: unknown }) => (settled.data as { outcome: { kind: string } }).outcome;

/** A sold-out product with one confirmed request, one pending and one withdrawn. */
async function soldOutWithRequests(label: string) {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 0 });
  for (const who of ["confirma", "pendiente", "retira"]) expect((await ask(valid(product.id, `${who}.${label}@correo.es`))).status).toBe(200);
  const [confirmed, pending, withdrawn] = await alertsOf(product.id);
  expect(outcomeOf(await link("POST", "confirmar", confirmed!.token))).toEqual({ kind: "confirmed" });
  expect(outcomeOf(await link("POST", "confirmar", withdrawn!.token))).toEqual({ kind: "confirmed" });
  expect(outcomeOf(await link("POST", "retirar", withdrawn!.token))).toEqual({ kind: "withdrawn" });
  return { product, confirmed: confirmed!, pending: pending!, withdrawn: withdrawn! };
}

/** Each request's state and how many notices were queued for it. */
async function afterwards(requests: { id: number }[]) {
  const { db } = await ready;
  const ids = requests.map((r) => r.id);
  const rows = await db.select({ id: stockAlerts.id, state: stockAlerts.state }).from(stockAlerts).where(inArray(stockAlerts.id, ids)).orderBy(stockAlerts.id);
  const notices = await db
    .select({ ref: outbox.ref })
    .from(outbox)
    .where(and(eq(outbox.kind, STOCK_ALERT_NOTICE_KIND), inArray(outbox.ref, ids.map((id) => `stock-alert:${id}`))));
  return rows.map((row) => ({ state: row.state, notices: notices.filter((n) => n.ref === `stock-alert:${row.id}`).length }));
}

const NOTIFIED_ONCE = [
  { state: "avisado", notices: 1 },
  { state: "pendiente", notices: 0 },
  { state: "retirado", notices: 0 },
];

describe("the form's action (POST /avisos-disponibilidad)", () => {
  it("records a pending request and queues the confirmation e-mail with both links", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0, model: "Lyric T6" });
    const { status, reply } = await ask(valid(product.id, " Ana.Lopez@Correo.es "));
    expect(status).toBe(200);
    expect(reply).toEqual({
      ok: true,
      message: ALERT_MESSAGES.sent,
      product: { id: product.id, name: "Honeywell Lyric T6", href: `/tienda/detalle/termostatos/${product.id}` },
    });
    const [alert] = await alertsOf(product.id);
    expect(alert).toMatchObject({ email: "Ana.Lopez@Correo.es", state: "pendiente" });
    expect(alert!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [entry] = await entriesFor(alert!.id);
    const mail = entry!.payload as { to: string; subject: string; text: string };
    expect(entry!.kind).toBe("email");
    expect(mail.to).toBe("Ana.Lopez@Correo.es");
    expect(mail.text).toContain(`https://tienda.example/avisos-disponibilidad/confirmar/${alert!.token}`);
    expect(mail.text).toContain(`https://tienda.example/avisos-disponibilidad/retirar/${alert!.token}`);
  });

  it("asked twice (any capitals): the same answer, the confirmation again, still one request", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    const first = await ask(valid(product.id, "luis@correo.es"));
    const second = await ask(valid(product.id, "LUIS@correo.es"));
    expect(second).toEqual(first);
    const alerts = await alertsOf(product.id);
    expect(alerts).toHaveLength(1);
    const entries = await entriesFor(alerts[0]!.id);
    expect(entries.map((e) => (e.payload as { subject: string }).subject)).toEqual([
      expect.stringContaining("confirme su aviso"),
      expect.stringContaining("confirme su aviso"),
    ]);
    // Confirmed, then asked again: the same answer; the e-mail says it is already on.
    await link("POST", "confirmar", alerts[0]!.token);
    expect(await ask(valid(product.id, "luis@correo.es"))).toEqual(first);
    expect(await alertsOf(product.id)).toHaveLength(1);
    const last = (await entriesFor(alerts[0]!.id)).at(-1)!.payload as { subject: string; text: string };
    expect(last.subject).toContain("ya está activo");
    expect(last.text).not.toContain("/confirmar/");
  });

  it("bad input: 400 with a Spanish message per field and what was typed; nothing stored", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    const { status, reply } = await ask({ producto: String(product.id), email: "ana@correo" });
    expect(status).toBe(400);
    expect(reply).toMatchObject({
      ok: false,
      error: ALERT_MESSAGES.emailInvalid,
      fieldErrors: { email: ALERT_MESSAGES.emailInvalid, consent: ALERT_MESSAGES.consent },
      values: { email: "ana@correo", consent: false },
      product: { id: product.id },
    });
    expect((await ask({ producto: "no", email: "ana@correo.es", consentimiento: "si" })).reply).toMatchObject({ ok: false, error: ALERT_MESSAGES.product });
    expect(await alertsOf(product.id)).toEqual([]);
  });

  it("a filled honeypot is refused quietly; an address over its limit gets 429", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    expect(await ask({ ...valid(product.id, "bot@correo.es"), web: "http://spam.example" })).toEqual({ status: 400, reply: { ok: false, error: ALERT_MESSAGES.spam } });
    for (let i = 0; i < 5; i += 1) expect((await ask(valid(product.id, `ana${i}@correo.es`), "203.0.113.250")).status).toBe(200);
    const over = await ask(valid(product.id, "ana9@correo.es"), "203.0.113.250");
    expect(over).toMatchObject({ status: 429, reply: { ok: false, error: ALERT_MESSAGES.rateLimited, values: { email: "ana9@correo.es" } } });
    expect((await alertsOf(product.id)).map((a) => a.email)).not.toContain("bot@correo.es");
  });

  it("one address gets at most three e-mails in ten minutes, whoever asks; the answer does not change", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    for (let i = 0; i < 5; i += 1) {
      ip = `198.18.0.${i + 1}`;
      expect((await ask(valid(product.id, "victima@correo.es"))).reply).toMatchObject({ ok: true, message: ALERT_MESSAGES.sent });
    }
    const [alert] = await alertsOf(product.id);
    expect(await entriesFor(alert!.id)).toHaveLength(3);
  });

  it("a product back in stock since the page was kept: says so, keeps no address", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 2 });
    expect((await ask(valid(product.id, "ana@correo.es"))).reply).toMatchObject({ ok: true, inStock: true, message: ALERT_MESSAGES.inStock });
    expect(await alertsOf(product.id)).toEqual([]);
  });
});

describe("the e-mails' links", () => {
  it("opening a link changes nothing; the button does; a used or unknown token gets 410 or 404", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    await ask(valid(product.id, "marta@correo.es"));
    const [alert] = await alertsOf(product.id);
    const token = alert!.token;

    const opened = await link("GET", "confirmar", token);
    expect(opened.status).toBe(200);
    expect(outcomeOf(opened)).toEqual({ kind: "ask" });
    expect((await alertsOf(product.id))[0]!.state).toBe("pendiente");

    const confirmed = await link("POST", "confirmar", token);
    expect([confirmed.status, outcomeOf(confirmed)]).toEqual([200, { kind: "confirmed" }]);
    expect((await link("GET", "confirmar", token)).data).toMatchObject({ outcome: { kind: "already-confirmed" } });
    expect(outcomeOf(await link("GET", "retirar", token))).toEqual({ kind: "ask" });

    const withdrawn = await link("POST", "retirar", token);
    expect([withdrawn.status, outcomeOf(withdrawn)]).toEqual([200, { kind: "withdrawn" }]);
    expect((await alertsOf(product.id))[0]).toMatchObject({ state: "retirado", withdrawnAt: expect.any(Date) });
    for (const accion of ["confirmar", "retirar"]) {
      for (const method of ["GET", "POST"] as const) {
        const used = await link(method, accion, token);
        expect([used.status, outcomeOf(used)], `${method} ${accion}`).toEqual([410, { kind: "closed", reason: "retirado" }]);
      }
    }
    for (const bad of ["x".repeat(43), "corto"]) {
      const unknown = await link("GET", "confirmar", bad);
      expect([unknown.status, outcomeOf(unknown)]).toEqual([404, { kind: "unknown" }]);
      expect((await link("POST", "retirar", bad)).status).toBe(404);
    }
    expect((await link("GET", "otra-cosa", token)).status).toBe(404);
  });

  it("confirmed while the product is already back: the notice goes at once, the request closes", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 0 });
    await ask(valid(product.id, "pablo@correo.es"));
    const [alert] = await alertsOf(product.id);
    await db.update(products).set({ stock: 4 }).where(eq(products.id, product.id));
    const confirmed = await link("POST", "confirmar", alert!.token);
    expect(outcomeOf(confirmed)).toEqual({ kind: "notified" });
    expect(await afterwards([alert!])).toEqual([{ state: "avisado", notices: 1 }]);
  });
});

describe("stock back above zero, by any path: one notice per confirmed request", () => {
  it("a hand-typed UPDATE; raising it again, or a new 0 → 3, sends nothing more; the kept pages still hear of it", async () => {
    const { db } = await ready;
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("sql");
    const before = await db.select({ id: pageChanges.id }).from(pageChanges).orderBy(desc(pageChanges.id)).limit(1);
    await db.execute(sql`update products set stock = 3 where id = ${product.id}`);
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);
    const tags = await db.select({ tag: pageChanges.tag }).from(pageChanges).where(sql`${pageChanges.id} > ${before[0]?.id ?? 0}`);
    expect(tags.map((t) => t.tag)).toContain(`p:${product.id}`);

    await db.execute(sql`update products set stock = stock + 2 where id = ${product.id}`);
    await db.execute(sql`update products set stock = 0 where id = ${product.id}`);
    await db.execute(sql`update products set stock = 3 where id = ${product.id}`);
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);

    const [entry] = await db.select().from(outbox).where(eq(outbox.ref, `stock-alert:${confirmed.id}`)).orderBy(desc(outbox.id)).limit(1);
    const mail = await backInStockMail(db, entry!);
    expect(mail).toMatchObject({ to: "confirma.sql@correo.es", subject: expect.stringContaining("vuelve a estar disponible") });
    expect(mail!.text).toContain(`${publicShopInfo().baseUrl}/tienda/detalle/termostatos/${product.id}`);
    expect(mail!.text.replace(/\s/g, " ")).toContain("Precio: 99,00 €");
  });

  it("a hidden product is not back until it is shown again with stock", async () => {
    const { db } = await ready;
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("oculto");
    await db.update(products).set({ active: false }).where(eq(products.id, product.id));
    await db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    expect((await afterwards([confirmed]))[0]).toEqual({ state: "confirmado", notices: 0 });
    await db.update(products).set({ active: true }).where(eq(products.id, product.id));
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);
  });

  it("the back office's product editor", async () => {
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("editor");
    const request = (form?: Record<string, string>) => adminRequest(`/admin/catalogo/${product.id}`, cookie, form);
    const shown = (await editLoader(args(request(), { id: String(product.id) }))) as Awaited<ReturnType<typeof editLoader>>;
    expect(shown.waitingAlerts).toBe(1);
    const saved = await settle(() =>
      // The test product's type is not one of the editor's list: the owner picks one while saving.
      editAction(args(request({ intent: "guardar", ...shown.values, type: "digital", stock: "6", version: shown.version }), { id: String(product.id) })),
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);
    const after = (await editLoader(args(request(), { id: String(product.id) }))) as Awaited<ReturnType<typeof editLoader>>;
    expect(after.waitingAlerts).toBe(0);
  });

  it("the CSV import", async () => {
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("csv");
    const base = publicShopInfo().baseUrl;
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return settle(() => importAction(args(new Request(`${base}/admin/catalogo/importar`, { method: "POST", headers: { Cookie: cookie, Origin: base }, body: form }))));
    };
    const checked = await post({ intent: "comprobar", texto: `id;stock\n${product.id};7\n` });
    const dryRun = checked.data as { text: string; fingerprint: string; plan: { changed: unknown[] } };
    expect(dryRun.plan.changed).toHaveLength(1);
    expect((await post({ intent: "aplicar", texto: dryRun.text, huella: dryRun.fingerprint })).status).toBeLessThan(400);
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);
  });

  it("an order cancelled with its units going back", async () => {
    const { db } = await ready;
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("pedido");
    const order = await insertTestOrder(db, { number: "AV-1", email: "cliente.aviso@correo.es", createdAt: new Date(), productIds: [product.id] });
    const result = await db.transaction((tx) => cancelOrder(tx, order.id, { actor: "sistema", reason: "Prueba de avisos", way: "unpaid-expiry" }));
    expect(result).toMatchObject({ ok: true, unitsReturned: 1 });
    expect(await afterwards([confirmed, pending, withdrawn])).toEqual(NOTIFIED_ONCE);
  });

  it("a change that rolls back queues nothing and closes nothing", async () => {
    const { db } = await ready;
    const { product, confirmed } = await soldOutWithRequests("vuelta-atras");
    await expect(
      db.transaction(async (tx) => {
        await tx.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
        throw new Error("deshacer");
      }),
    ).rejects.toThrow("deshacer");
    expect(await afterwards([confirmed])).toEqual([{ state: "confirmado", notices: 0 }]);
  });
});

describe("the back office and the retention", () => {
  it("the product list shows how many confirmed requests wait per product", async () => {
    const { product } = await soldOutWithRequests("lista");
    const list = (await listLoader(args(adminRequest(`/admin/catalogo?q=${encodeURIComponent(product.model)}`, cookie)))) as Awaited<ReturnType<typeof listLoader>>;
    expect(list.rows.map((row) => [row.id, row.waitingAlerts])).toEqual([[product.id, 1]]);
  });

  it("unconfirmed requests go after 7 days with their e-mails; closed ones after 30; the rest stays", async () => {
    const { db } = await ready;
    const { product, confirmed, pending, withdrawn } = await soldOutWithRequests("purga");
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await db.update(stockAlerts).set({ createdAt: ago(8) }).where(eq(stockAlerts.id, pending.id));
    await db.update(stockAlerts).set({ withdrawnAt: ago(29) }).where(eq(stockAlerts.id, withdrawn.id));
    const line = await purgeStockAlerts(db, now);
    expect(line).toMatch(/^avisos de disponibilidad borrados: [1-9]\d* sin confirmar en 7 días/);
    expect((await alertsOf(product.id)).map((a) => a.id)).toEqual([confirmed.id, withdrawn.id]);
    expect(await entriesFor(pending.id)).toEqual([]);
    await purgeStockAlerts(db, new Date(now.getTime() + 2 * DAY_MS));
    expect((await alertsOf(product.id)).map((a) => a.id)).toEqual([confirmed.id]);
  });
});
