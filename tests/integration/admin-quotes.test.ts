import { and, eq, sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactFormSchema } from "~/domain/quotes/contact-form-schema";
import { action as requestAction, loader as requestLoader } from "~/routes/quotes/admin-request";
import { loader as inboxLoader } from "~/routes/quotes/admin-requests";
import { resetConfigForTests } from "~/server/config.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { MAYBE_SENT_MESSAGE, registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { register } from "../support/login-utils";
import { startSmtpCapture } from "../support/smtp-capture";
import { startTrelloStandIn } from "../support/trello-standin";

/*
 * The quote-request inbox (issue 11) through its loaders and actions, with the real outbox
 * worker sending to a local stand-in of the task board and a local SMTP server.
 */
const ready = setupTestDatabase();
const trello = await startTrelloStandIn();
const smtp = await startSmtpCapture();
const ENV = {
  TRELLO_API_URL: trello.url,
  TRELLO_KEY: "clave-de-prueba",
  TRELLO_TOKEN: "token-de-prueba",
  TRELLO_LIST_ID: "lista-nuevos",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "solicitudes-")),
  SMTP_URL: smtp.url,
  SHOP_EMAIL: "info@tienda.example",
  PUBLIC_BASE_URL: "https://tienda.example",
};
const OWNER = "admin-solicitudes@termoclima.test";
let cookie = "";

beforeAll(async () => {
  Object.assign(process.env, ENV);
  resetConfigForTests();
  resetMailTransport();
  registerOutboxHandlers();
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER);
});
afterAll(async () => {
  for (const name of Object.keys(ENV)) delete process.env[name];
  resetConfigForTests();
  resetMailTransport();
  await trello.close();
  await smtp.close();
});
beforeEach(() => {
  trello.reset();
  smtp.messages.length = 0;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type Inbox = Awaited<ReturnType<typeof inboxLoader>>;
type Page = Awaited<ReturnType<typeof requestLoader>>;
const inbox = async (search = "") => (await inboxLoader(args(adminRequest(`/admin/solicitudes${search}`, cookie)))) as Inbox;
const page = async (id: number) => (await requestLoader(args(adminRequest(`/admin/solicitudes/${id}`, cookie), { id: String(id) }))) as Page;
const post = (id: number, form: Record<string, string>, who = cookie) =>
  settle(() => requestAction(args(adminRequest(`/admin/solicitudes/${id}`, who, form), { id: String(id) })));

let serial = 0;
async function newRequest(over: Partial<Record<"nameAndSurname" | "phone" | "email" | "state" | "message", string>> = {}, productId: number | null = null) {
  const { db } = await ready;
  serial += 1;
  const values = contactFormSchema.parse({
    nameAndSurname: `Cliente ${serial}`,
    phone: "600 111 222",
    email: `cliente${serial}@example.com`,
    adress: "Calle Mayor 1",
    state: "Getafe",
    message: "Quisiera un presupuesto.",
    ...over,
  });
  return storeContactRequest(db, values, { productId, sourcePage: productId ? `/tienda/detalle/calderas/${productId}` : "/contacto" });
}

/** The worker's rounds until nothing is due (waiting retries made due each time). */
async function runWorker(rounds = 1) {
  const { db } = await ready;
  for (let round = 0; round < rounds; round++) {
    await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.status, "pending"));
    await processDueEntries(50);
  }
}

describe("who may use it", () => {
  it("answers the ordinary 404 to visitors and customers, on every loader and action", async () => {
    const id = await newRequest();
    const customer = await register("curioso@example.com");
    for (const who of ["", customer]) {
      expect((await settle(() => inboxLoader(args(adminRequest("/admin/solicitudes", who))))).status).toBe(404);
      const detail = await settle(() => requestLoader(args(adminRequest(`/admin/solicitudes/${id}`, who), { id: String(id) })));
      expect(detail.status).toBe(404);
      for (const intent of ["state", "notes", "retry"]) {
        expect((await post(id, { intent, state: "cerrado", internalNotes: "x", outboxId: "1" }, who)).status).toBe(404);
      }
    }
    const { db } = await ready;
    const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({ state: "nuevo", internalNotes: "" });
  });
});

describe("the inbox", () => {
  it("lists newest first and finds by name, e-mail, phone (with or without spaces), town and message", async () => {
    const ana = await newRequest({ nameAndSurname: "Ana Buscada Ruiz", phone: "611 22 33 44", email: "ana.buscada@example.com", state: "Alcorcón" });
    const later = await newRequest({ message: "Necesito una bomba de calor 50%_rápido" });
    const all = await inbox();
    expect(all.rows[0]!.id).toBe(later);
    expect(all.rows[1]!.id).toBe(ana);
    for (const q of ["buscada ruiz", "ANA.BUSCADA@", "611223344", "611 22", "alcorcón"]) {
      expect((await inbox(`?q=${encodeURIComponent(q)}`)).rows.map((row) => row.id), q).toEqual([ana]);
    }
    expect((await inbox(`?q=${encodeURIComponent("50%_r")}`)).rows.map((row) => row.id)).toEqual([later]);
    // The owner's % is a percent sign, not "anything".
    expect((await inbox(`?q=${encodeURIComponent("%")}`)).rows.map((row) => row.id)).toEqual([later]);
  });

  it("filters by state and pages on the server, 25 a page", async () => {
    const { db } = await ready;
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await newRequest({ message: "lote-de-paginas" }));
    await db.update(contactRequests).set({ state: "presupuestado" }).where(eq(contactRequests.id, ids[0]!));
    const first = await inbox("?q=lote-de-paginas");
    expect(first).toMatchObject({ total: 27, pageCount: 2, query: { page: 1 } });
    expect(first.rows).toHaveLength(25);
    const second = await inbox("?q=lote-de-paginas&pagina=2");
    expect(second.rows.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    // A page past the end shows the last one.
    expect((await inbox("?q=lote-de-paginas&pagina=99")).query.page).toBe(2);
    const quoted = await inbox("?q=lote-de-paginas&estado=presupuestado");
    expect(quoted.rows.map((row) => row.id)).toEqual([ids[0]]);
  });
});

describe("a request's page", () => {
  it("shows the product it came from, with links to the shop and to the catalogue", async () => {
    const id = await newRequest({}, 1);
    const shown = await page(id);
    expect(shown.product).toMatchObject({ id: 1, shopHref: "/tienda/detalle/calderas/1" });
    expect(shown.sourcePage).toBe("/tienda/detalle/calderas/1");
    expect((await settle(() => requestLoader(args(adminRequest("/admin/solicitudes/999999", cookie), { id: "999999" })))).status).toBe(404);
  });

  it("changes the state and the notes, each with its audit line; refuses an unknown state with 400", async () => {
    const { db } = await ready;
    const id = await newRequest();
    expect(await post(id, { intent: "state", state: "contactado" })).toMatchObject({ status: 200, data: { ok: true, message: "Estado guardado." } });
    expect(await post(id, { intent: "notes", internalNotes: "Llamar el lunes por la tarde." })).toMatchObject({ status: 200 });
    const bad = await post(id, { intent: "state", state: "archivado" });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, error: "Elija un estado de la lista." } });
    expect(await page(id)).toMatchObject({ state: "contactado", internalNotes: "Llamar el lunes por la tarde." });
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "solicitud"), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);
    expect(lines.map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      { actor: OWNER, action: "cambiar estado", before: { state: "nuevo" }, after: { state: "contactado" } },
      { actor: OWNER, action: "editar notas", before: { internalNotes: "" }, after: { internalNotes: "Llamar el lunes por la tarde." } },
    ]);
  });
});

describe("deliveries", () => {
  // Each test starts from an empty queue and a fresh board and mailbox: earlier tests' entries are sent first.
  beforeEach(async () => {
    await runWorker(2);
    trello.reset();
    smtp.messages.length = 0;
  });
  const card = (shown: Page) => shown.deliveries.find((d) => d.kindLabel === "Tarjeta del tablero")!;
  const mail = (shown: Page) => shown.deliveries.find((d) => d.kindLabel === "E-mail")!;

  it("card refused (500, then 401): retrying, then failed with the reason; retried from the page, then sent", async () => {
    const { db } = await ready;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await newRequest({ nameAndSurname: "Tarjeta Fallida" });
    expect(card(await page(id))).toMatchObject({ state: "en cola", canRetry: false });

    trello.script("post", { status: 500, body: "Internal Server Error" }, { status: 401, body: "invalid token" });
    await processDueEntries(50);
    const retrying = await page(id);
    expect(card(retrying)).toMatchObject({ state: "reintentando", attempts: 1, reason: "El tablero de tareas tuvo un fallo interno (HTTP 500)." });
    expect(card(retrying).at).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(mail(retrying)).toMatchObject({ state: "enviado" });

    await runWorker();
    const failed = await page(id);
    expect(card(failed)).toMatchObject({
      state: "fallido",
      canRetry: true,
      reason: "El tablero de tareas ya no acepta la clave de acceso de la tienda: quien mantiene la tienda debe renovarla.",
      technical: "Revise TRELLO_KEY y TRELLO_TOKEN. Trello crear tarjeta: HTTP 401 invalid token",
    });
    expect(JSON.stringify(failed)).not.toContain("token-de-prueba");
    expect((await inbox(`?q=${encodeURIComponent("Tarjeta Fallida")}`)).rows[0]!.delivery).toBe("fallido");
    expect(errors).toHaveBeenCalled();

    // The worker leaves a failed entry alone until the owner asks.
    await runWorker();
    expect(trello.posts()).toHaveLength(2);

    const retried = await post(id, { intent: "retry", outboxId: String(card(failed).id) });
    expect(retried).toMatchObject({ status: 200, data: { ok: true, outboxId: card(failed).id } });
    expect(card(await page(id))).toMatchObject({ state: "en cola", attempts: 0 });
    await processDueEntries(50);
    const sent = await page(id);
    expect(card(sent)).toMatchObject({ state: "enviado", canRetry: false });
    expect(trello.cards).toHaveLength(1);
    expect(trello.cards[0]!.name).toBe("Tarjeta Fallida-600 111 222");

    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "entrega"), eq(auditLog.entityId, String(card(failed).id))));
    expect(line).toMatchObject({
      actor: OWNER,
      action: "reintentar entrega",
      before: { estado: "fallido", intentos: 2, error: "Trello crear tarjeta: HTTP 401 invalid token", referencia: `contact:${id}` },
      after: { estado: "en cola", intentos: 0 },
    });
    // Sent is sent: a second retry is refused.
    expect(await post(id, { intent: "retry", outboxId: String(card(failed).id) })).toMatchObject({ status: 409 });
  });

  it("an SMTP send cut off mid-way is shown with its reason and resent when the owner asks (the old mark does not block it)", async () => {
    const { db } = await ready;
    const id = await newRequest({ nameAndSurname: "Correo Dudoso" });
    const entryId = mail(await page(id)).id;
    // As the worker leaves it after a crash mid-send: started, never recorded as sent.
    await db.update(outbox).set({ sendStartedAt: new Date() }).where(eq(outbox.id, entryId));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await processDueEntries(50);
    const doubtful = mail(await page(id));
    expect(doubtful).toMatchObject({ state: "fallido", reason: MAYBE_SENT_MESSAGE, canRetry: true });
    expect(smtp.messages).toHaveLength(0);

    expect(await post(id, { intent: "retry", outboxId: String(entryId) })).toMatchObject({ status: 200 });
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "entrega"), eq(auditLog.entityId, String(entryId))));
    expect(line!.after).toMatchObject({ reenvioConsciente: true });
    await processDueEntries(50);
    expect(mail(await page(id)).state).toBe("enviado");
    expect(smtp.messages.map((m) => m.subject)).toEqual([expect.stringContaining("Correo Dudoso")]);
  });

  it("a retried card that may have arrived is looked for on the board first, not posted twice", async () => {
    const { db } = await ready;
    const id = await newRequest({ nameAndSurname: "Tarjeta Quizá" });
    await processDueEntries(50);
    const entryId = card(await page(id)).id;
    expect(trello.cards).toHaveLength(1);
    // The card is on the board, but our bookkeeping of it was lost and the entry failed.
    await db.update(outbox).set({ status: "failed", sentAt: null, sendStartedAt: new Date(), lastError: "Trello crear tarjeta: sin respuesta en 10 s" }).where(eq(outbox.id, entryId));
    expect(await post(id, { intent: "retry", outboxId: String(entryId) })).toMatchObject({ status: 200 });
    await processDueEntries(50);
    expect(card(await page(id)).state).toBe("enviado");
    expect(trello.posts()).toHaveLength(1);
    expect(trello.cards).toHaveLength(1);
  });

  it("finds the card of a request stored before deliveries carried a ref; refuses a retry of another request's delivery", async () => {
    const { db } = await ready;
    const old = await newRequest({ nameAndSurname: "Solicitud Antigua" });
    await db.update(outbox).set({ ref: null }).where(eq(outbox.ref, `contact:${old}`));
    const shown = await page(old);
    expect(shown.deliveries.map((d) => d.kindLabel)).toEqual(["Tarjeta del tablero"]);

    const other = await newRequest();
    const [foreign] = await db.select({ id: outbox.id }).from(outbox).where(sql`${outbox.ref} = ${`contact:${other}`} and ${outbox.kind} = 'email'`);
    expect(await post(old, { intent: "retry", outboxId: String(foreign!.id) })).toMatchObject({
      status: 400,
      data: { ok: false, error: "Esta entrega no pertenece a esta solicitud." },
    });
    expect(await post(old, { intent: "retry", outboxId: "abc" })).toMatchObject({ status: 400 });
    expect(await post(old, { intent: "otra-cosa" })).toMatchObject({ status: 400 });
  });
});
