import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { action as orderAction, loader as orderLoader } from "~/routes/orders/admin-order";
import { resetConfigForTests } from "~/server/config.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { orderEvents, orders, withdrawals } from "~/server/orders/orders-schema.server";
import type { MailMessage } from "~/server/mail.server";
import { resetMailTransport } from "~/server/mail.server";
import { listMyOrders, loadMyOrder } from "~/server/orders/my-orders.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { startSmtpCapture } from "../support/smtp-capture";
import { customer, insertProduct, insertTestOrder, stockOf } from "../support/transfer-orders";

/*
 * The status flow of the order page (issue 11): each allowed move records its details,
 * writes the order's history, the audit log and the customer's e-mail in one transaction;
 * invalid or stale moves are refused (400, 409) and change nothing; cancelling returns the
 * units; the customer's "Mis Pedidos" shows the new status at once.
 */
const ready = setupTestDatabase();
const ADMIN = "admin-estados@termoclima.test";
let cookie = "";
const today = madridDay(new Date());
const args = (request: Request, number: string) => ({ request, params: { number }, context: {} }) as never;

async function post(number: string, form: Record<string, string>) {
  return settle(() => orderAction(args(adminRequest(`/admin/pedidos/${number}`, cookie, form), number)));
}

async function state(number: string) {
  const { db } = await ready;
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id)).orderBy(orderEvents.id);
  const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, "pedido"), eq(auditLog.entityId, number))).orderBy(auditLog.id);
  const mails = await db.select().from(outbox).where(and(eq(outbox.ref, `order:${order!.id}`), eq(outbox.kind, "email"))).orderBy(outbox.id);
  return { order: order!, events, audits, mails: mails.map((row) => row.payload as MailMessage) };
}

async function customerView(email: string, number: string) {
  const { db } = await ready;
  const buyer = { ...(await customer(db, email)), name: "" };
  const row = (await listMyOrders(buyer)).find((order) => order.number === number);
  return { row, page: await loadMyOrder(buyer, number) };
}

let product: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, ADMIN);
  product = await insertProduct(db, { stock: 4 });
  await insertTestOrder(db, { number: "201-10526", email: "flujo@example.com", createdAt: new Date("2026-05-01T09:00:00Z"), productIds: [product.id] });
  await insertTestOrder(db, { number: "202-10526", email: "flujo@example.com", createdAt: new Date("2026-04-01T09:00:00Z"), productIds: [product.id], status: "Completado" });
  // Two units and an installation whose service id is the product's id: two units go back.
  await insertTestOrder(db, { number: "203-10526", email: "cancela@example.com", createdAt: new Date("2026-05-01T10:00:00Z"), productIds: [product.id, product.id], serviceIds: [product.id], status: "Pagado" });
  await insertTestOrder(db, { number: "204-10526", email: "tarjeta@example.com", createdAt: new Date("2026-05-01T11:00:00Z"), productIds: [product.id], payMethod: "tarjeta" });
});

describe("Pendiente de Pago -> Pagado", () => {
  it("a transfer needs the date and the bank reference; nothing changes without them", async () => {
    const refused = await post("201-10526", { intent: "estado", actual: "Pendiente de Pago", destino: "Pagado", fecha: "", referencia: "" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "estado",
      target: "Pagado",
      errors: { fecha: "Escriba la fecha en que llegó la transferencia.", referencia: "Escriba la referencia bancaria de la transferencia." },
    });
    const future = await post("201-10526", { intent: "estado", actual: "Pendiente de Pago", destino: "Pagado", fecha: addDays(today, 1), referencia: "R" });
    expect(future.status).toBe(400);
    const { order, events, audits, mails } = await state("201-10526");
    expect(order.status).toBe("Pendiente de Pago");
    expect([events, audits, mails]).toEqual([[], [], []]);
  });

  it("records them, the history, the audit line and the customer's e-mail; Mis Pedidos shows it at once", async () => {
    const paidOn = addDays(today, -1);
    const done = await post("201-10526", { intent: "estado", actual: "Pendiente de Pago", destino: "Pagado", fecha: paidOn, referencia: "TRF-2026-0042" });
    expect(done).toMatchObject({ status: 302, location: "/admin/pedidos/201-10526?hecho=estado" });
    const { order, events, audits, mails } = await state("201-10526");
    expect(order).toMatchObject({ status: "Pagado", bankReference: "TRF-2026-0042" });
    expect(madridDay(order.paidAt!)).toBe(paidOn);
    expect(events).toMatchObject([{ actor: ADMIN, fromStatus: "Pendiente de Pago", toStatus: "Pagado", details: { fechaPago: paidOn, referencia: "TRF-2026-0042" } }]);
    expect(audits).toMatchObject([{ actor: ADMIN, action: "cambiar estado", before: { status: "Pendiente de Pago", bankReference: null }, after: { status: "Pagado", bankReference: "TRF-2026-0042" } }]);
    // The payment's e-mail, and the invoice issued with it (issue 13).
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ to: "flujo@example.com", subject: expect.stringContaining("hemos recibido el pago del pedido 201-10526") });
    expect(mails[0]!.text).toContain("Su estado es ahora «Pagado».");
    expect(mails[1]).toMatchObject({ to: "flujo@example.com", subject: expect.stringMatching(/factura F\d{4}-\d{6} del pedido 201-10526/) });
    const view = await customerView("flujo@example.com", "201-10526");
    expect(view.row?.status).toBe("Pagado");
    expect(view.page?.status).toBe("Pagado");
    expect(view.page?.transfer).toBeNull();
  });

  it("another payment method needs neither", async () => {
    expect((await post("204-10526", { intent: "estado", actual: "Pendiente de Pago", destino: "Pagado" })).status).toBe(302);
    const { order } = await state("204-10526");
    expect(order.status).toBe("Pagado");
    expect(order.paidAt).not.toBeNull();
  });
});

describe("refused moves change nothing", () => {
  it("a move the flow does not allow: 400 with the reason", async () => {
    const skipped = await post("201-10526", { intent: "estado", actual: "Pagado", destino: "Pendiente de Pago" });
    expect(skipped.status).toBe(400);
    expect(skipped.data).toMatchObject({ errors: { destino: "Un pedido en «Pagado» no puede pasar a «Pendiente de Pago»." } });
    const closed = await post("202-10526", { intent: "estado", actual: "Completado", destino: "Cancelado", motivo: "Por probar" });
    expect(closed.status).toBe(400);
    expect((await state("202-10526")).order.status).toBe("Completado");
  });

  it("a form showing an older status: 409, the order changed meanwhile", async () => {
    const before = await state("201-10526");
    const stale = await post("201-10526", { intent: "estado", actual: "Pendiente de Pago", destino: "Cancelado", motivo: "Duplicado" });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ errors: { form: expect.stringContaining("ahora está en «Pagado»") } });
    const after = await state("201-10526");
    expect(after.order.status).toBe("Pagado");
    expect([after.events.length, after.audits.length, after.mails.length]).toEqual([before.events.length, before.audits.length, before.mails.length]);
    expect(await stockOf((await ready).db, product.id)).toBe(4);
  });

  it("an unknown intent is a 400", async () => {
    expect((await post("201-10526", { intent: "borrar" })).status).toBe(400);
  });
});

describe("Enviado, Instalación programada, Completado", () => {
  it("ships with carrier and tracking number, told to the customer", async () => {
    expect((await post("201-10526", { intent: "estado", actual: "Pagado", destino: "Enviado", transportista: "SEUR", seguimiento: "SE-778899" })).status).toBe(302);
    const { order, mails } = await state("201-10526");
    expect(order).toMatchObject({ status: "Enviado", carrier: "SEUR", trackingNumber: "SE-778899" });
    expect(mails.at(-1)!.text).toContain("Transportista: SEUR\nNúmero de seguimiento: SE-778899");
    const view = await customerView("flujo@example.com", "201-10526");
    expect(view.row).toMatchObject({ status: "Enviado", statusNote: "Transportista: SEUR · Seguimiento: SE-778899" });
    expect(view.page?.shipment).toBe("Transportista: SEUR · Seguimiento: SE-778899");
  });

  it("schedules an installation from today on; the e-mail carries the calendar file", async () => {
    const past = await post("201-10526", { intent: "estado", actual: "Enviado", destino: "Instalación programada", fecha: addDays(today, -1), franja: "09:00-11:00" });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ errors: { fecha: "Elija una fecha válida, de hoy en adelante." } });

    const day = addDays(today, 3);
    expect((await post("201-10526", { intent: "estado", actual: "Enviado", destino: "Instalación programada", fecha: day, franja: "16:00-18:00" })).status).toBe(302);
    const { order, mails, audits } = await state("201-10526");
    expect(order).toMatchObject({ status: "Instalación programada", installationDate: day, installationSlot: "16:00-18:00" });
    expect(audits.at(-1)).toMatchObject({ action: "cambiar estado", after: { status: "Instalación programada", installationDate: day, installationSlot: "16:00-18:00" } });
    const mail = mails.at(-1)!;
    expect(mail.text).toContain(`Día: ${formatYmd(day)}`);
    expect(mail.text).toContain("Franja horaria: Tarde, de 16:00 a 18:00");
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments![0]!;
    expect(ics).toMatchObject({ filename: "instalacion.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH" });
    expect(ics.content).toContain("METHOD:PUBLISH\r\n");
    expect(ics.content).toContain("UID:pedido-201-10526-instalacion@");
    expect(ics.content).toContain("SEQUENCE:0\r\n");
    // The same calendar writer as visits and jobs (issue 29): 16:00 on Madrid's clock, the zone's rules in the file.
    expect(ics.content).toContain(`DTSTART;TZID=Europe/Madrid:${day.replace(/-/g, "")}T160000\r\n`);
    expect(ics.content).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid");
    expect(ics.content.replace(/\r\n /g, "")).toContain("LOCATION:Calle Mayor 1\\, 2º B\\, 28013 Madrid\\, España");
    const view = await customerView("flujo@example.com", "201-10526");
    expect(view.row).toMatchObject({ status: "Instalación programada", statusNote: `Instalación: ${formatYmd(day)}, tarde, de 16:00 a 18:00` });
    expect(view.page?.installation).toBe(`${formatYmd(day)}, tarde, de 16:00 a 18:00`);
  });

  it("reschedules: same status, new day, a calendar file that replaces the first", async () => {
    const day = addDays(today, 5);
    expect((await post("201-10526", { intent: "estado", actual: "Instalación programada", destino: "Instalación programada", fecha: day, franja: "09:00-11:00" })).status).toBe(302);
    const { order, mails, audits, events } = await state("201-10526");
    expect(order.installationDate).toBe(day);
    expect(events.at(-1)).toMatchObject({ fromStatus: "Instalación programada", toStatus: "Instalación programada", details: { fechaInstalacion: day, franja: "09:00-11:00" } });
    expect(audits.at(-1)).toMatchObject({ action: "reprogramar instalación", before: { installationDate: addDays(today, 3) }, after: { installationDate: day } });
    expect(mails.at(-1)!.subject).toContain("nueva fecha de la instalación");
    expect(mails.at(-1)!.attachments![0]!.content).toContain("SEQUENCE:1\r\n");
  });

  it("the calendar file arrives over SMTP as a text/calendar attachment", async () => {
    const smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    registerOutboxHandlers();
    try {
      while ((await processDueEntries()) > 0) {
        // send everything queued so far
      }
      const visit = smtp.messages.find((m) => m.subject?.includes("nueva fecha de la instalación del pedido 201-10526"));
      expect(visit).toBeDefined();
      expect(visit!.to).toMatchObject({ text: "flujo@example.com" });
      expect(visit!.attachments).toHaveLength(1);
      expect(visit!.attachments[0]).toMatchObject({ filename: "instalacion.ics", contentType: "text/calendar" });
      expect(visit!.attachments[0]!.content.toString("utf8")).toContain("BEGIN:VEVENT");
    } finally {
      delete process.env.SMTP_URL;
      resetConfigForTests();
      resetMailTransport();
      await smtp.close();
    }
  });

  it("completes; a completed order moves no more", async () => {
    expect((await post("201-10526", { intent: "estado", actual: "Instalación programada", destino: "Completado" })).status).toBe(302);
    const { order, mails } = await state("201-10526");
    expect(order.status).toBe("Completado");
    expect(mails.at(-1)!.subject).toContain("su pedido 201-10526 está completado");
    const page = await settle(() => orderLoader(args(adminRequest("/admin/pedidos/201-10526", cookie), "201-10526")));
    expect((page.data as { order: { next: string[] } }).order.next).toEqual([]);
  });
});

describe("Cancelado", () => {
  it("needs a reason", async () => {
    const refused = await post("203-10526", { intent: "estado", actual: "Pagado", destino: "Cancelado", motivo: " " });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { motivo: "Escriba el motivo de la cancelación." } });
  });

  it("returns the units to stock in the same change, tells the customer and shows them why", async () => {
    const { db } = await ready;
    const stock = await stockOf(db, product.id);
    expect((await post("203-10526", { intent: "estado", actual: "Pagado", destino: "Cancelado", motivo: "Sin existencias del fabricante" })).status).toBe(302);
    expect(await stockOf(db, product.id)).toBe(stock + 2);
    const { order, events, audits, mails } = await state("203-10526");
    expect(order).toMatchObject({ status: "Cancelado", cancelReason: "Sin existencias del fabricante" });
    expect(events).toMatchObject([{ actor: ADMIN, fromStatus: "Pagado", toStatus: "Cancelado", details: { motivo: "Sin existencias del fabricante" } }]);
    expect(audits).toMatchObject([{ actor: ADMIN, action: "cancelar pedido", after: { status: "Cancelado", unidadesDevueltas: 2 } }]);
    expect(mails.at(-1)!.text).toContain("Motivo: Sin existencias del fabricante");
    const view = await customerView("cancela@example.com", "203-10526");
    expect(view.row?.status).toBe("Cancelado");
    expect(view.page?.cancelReason).toBe("Sin existencias del fabricante");
    // Posting the same form again (a reload) cancels nothing twice.
    expect((await post("203-10526", { intent: "estado", actual: "Pagado", destino: "Cancelado", motivo: "Otra vez" })).status).toBe(409);
    expect(await stockOf(db, product.id)).toBe(stock + 2);
  });
});

describe("the order page", () => {
  it("shows lines, totals with and without VAT, history, the customer's other orders, e-mails and the withdrawal", async () => {
    const { db } = await ready;
    const [row] = await db.select().from(orders).where(eq(orders.number, "201-10526"));
    await db.insert(withdrawals).values({ orderId: row!.id, userEmail: row!.userEmail, reason: "Ya no lo necesito" });
    const page = await settle(() => orderLoader(args(adminRequest("/admin/pedidos/201-10526?hecho=estado", cookie), "201-10526")));
    const { order, done } = page.data as { order: Record<string, unknown> & { events: unknown[]; mails: unknown[]; history: { count: number; orders: { number: string }[] } }; done: string };
    expect(done).toBe("Estado cambiado a «Completado». Se ha avisado al cliente por e-mail.");
    expect(order).toMatchObject({ number: "201-10526", status: "Completado", amountCents: 10695, withoutVatCents: 8839, shippingCents: 795 });
    expect(order.lines).toMatchObject([{ name: `Honeywell ${product.model}`, family: "termostatos", priceCents: 9900 }]);
    expect(order.events).toHaveLength(5);
    expect(order.events[0]).toMatchObject({ from: "Pendiente de Pago", to: "Pagado", details: [{ label: "Fecha de pago" }, { label: "Referencia bancaria", value: "TRF-2026-0042" }] });
    // Four status e-mails and the invoice's.
    expect(order.mails).toHaveLength(6);
    expect((order as unknown as { invoices: { number: string; series: string }[] }).invoices).toMatchObject([{ number: expect.stringMatching(/^F\d{4}-\d{6}$/), series: "F" }]);
    expect(order.history).toMatchObject({ count: 1, amountCents: 10695, orders: [{ number: "202-10526" }] });
    expect(order.withdrawal).toMatchObject({ state: "recibido", reason: "Ya no lo necesito" });
  });

  it("saves internal notes, audited; too long is a 400", async () => {
    expect((await post("201-10526", { intent: "notas", notas: "x".repeat(5001) })).status).toBe(400);
    expect(await post("201-10526", { intent: "notas", notas: " Cliente prefiere mañanas \n" })).toMatchObject({ status: 302, location: "/admin/pedidos/201-10526?hecho=notas" });
    const { db } = await ready;
    const [logged] = await db.select().from(auditLog).where(eq(auditLog.action, "editar notas internas")).orderBy(desc(auditLog.id)).limit(1);
    expect(logged).toMatchObject({ actor: ADMIN, entityId: "201-10526", before: { internalNotes: "" }, after: { internalNotes: "Cliente prefiere mañanas" } });
    expect((await state("201-10526")).order.internalNotes).toBe("Cliente prefiere mañanas");
  });
});

afterAll(() => {
  delete process.env.SMTP_URL;
});

describe("a failed e-mail of the order", () => {
  it("is sent again from the order page (audited); another order's e-mail is refused", async () => {
    const { db } = await ready;
    await insertTestOrder(db, { number: "205-10526", email: "reenvio@example.com", createdAt: new Date("2026-05-02T09:00:00Z"), productIds: [product.id] });
    const [order] = await db.select().from(orders).where(eq(orders.number, "205-10526"));
    const [failed] = await db
      .insert(outbox)
      .values({ kind: "email", payload: { to: "reenvio@example.com", subject: "Pedido 205-10526: Pagado", text: "." }, status: "failed", attempts: 16, lastError: "SMTP caído", ref: `order:${order!.id}` })
      .returning();
    const page = await settle(() => orderLoader(args(adminRequest("/admin/pedidos/205-10526", cookie), "205-10526")));
    expect(JSON.stringify(page.data)).toContain("fallido");

    const foreign = await post("201-10526", { intent: "reenviar", entrega: String(failed!.id) });
    expect(foreign.status).toBe(400);
    expect(foreign.data).toMatchObject({ intent: "reenviar", errors: { form: "Ese e-mail no es de este pedido." } });

    const resent = await post("205-10526", { intent: "reenviar", entrega: String(failed!.id) });
    expect(resent.status).toBe(302);
    expect(resent.location).toBe("/admin/pedidos/205-10526?hecho=reenvio");
    const [entry] = await db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(entry).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "entrega"), eq(auditLog.entityId, String(failed!.id))));
    expect(line).toMatchObject({ actor: ADMIN, action: "reintentar entrega" });

    const twice = await post("205-10526", { intent: "reenviar", entrega: String(failed!.id) });
    expect(twice.status).toBe(409);
  });
});
