import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVICE_LINE_ID } from "~/domain/basket/basket";
import { formatEuros } from "~/domain/money";
import { redsysConfig, resetConfigForTests } from "~/server/config.server";
import { spanishCreditorId } from "~/domain/payments/sepa-creditor-id";
import { creditedDebits, debitFile, recordDebitReturn } from "~/server/maintenance/plan-debits.server";
import { validatePain008 } from "../support/sepa-xsd";
import { outbox } from "~/server/db/shared-schema.server";
import { undoMistakenPayment } from "~/server/invoices/annul-invoice.server";
import { dueInMonth } from "~/server/maintenance/due-list.server";
import { maintenancePlans, planRenewals, planUnits } from "~/server/maintenance/maintenance-schema.server";
import { recordRenewalPayment, renewalsTask } from "~/server/maintenance/plan-renewals.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { invoicePdf } from "~/server/invoices/invoice-document.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { handleNotification } from "~/server/payments/notification.server";
import { action as equipmentAction, loader as equipmentLoader } from "~/routes/jobs/my-equipment";
import { user } from "~/server/accounts/accounts-schema.server";
import { auditLog } from "~/server/db/shared-schema.server";
import { signUp } from "../support/auth-utils";
import { customers } from "~/server/customers/customers-schema.server";
import { linkUntiedRows } from "~/server/customers/customer-links.server";
import { mergeCustomers } from "~/server/customers/customer-edits.server";
import { customerRecord } from "~/server/customers/customer-record.server";
import { setupTestDatabase } from "../db-utils";
import { enableTestRedsys, notification, openAttempt } from "../support/redsys-notify";
import { insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 31: a paid order's "Mantenimiento anual" lines become maintenance plans, one per line,
 * for the unit bought with each (or none, bought alone), whichever way the payment came and
 * however often it is notified; the plan follows its order when the payment is undone or the
 * order cancelled.
 */
const ready = setupTestDatabase();
enableTestRedsys();
const owner = { email: "duena-planes@termoclima.test" };
const NOW = new Date("2031-05-20T09:00:00Z");
let serial = 0;

/** A boiler with installation and maintenance, then an air conditioner's maintenance alone. */
async function orderWithMaintenance(payMethod: "transferencia" | "tarjeta" = "transferencia") {
  const { db } = await ready;
  serial += 1;
  const placed = await insertTestOrder(db, { number: `${serial + 500}-200531`, email: `Plan${serial}@Example.com`, createdAt: new Date("2031-05-18T09:00:00Z"), productIds: [], payMethod });
  const [boiler] = await db.select().from(products).where(eq(products.family, "calderas")).orderBy(asc(products.id)).limit(1);
  const service = (family: "instalaciones" | "mantenimientos", id: number, model: string, priceCents: number) => ({ productId: id, family, brand: "", model, type: family === "instalaciones" ? "Instalación" : "Mantenimiento anual", priceCents, region: "madrid" });
  const lines = [
      { productId: boiler!.id, family: "calderas", brand: boiler!.brand, model: boiler!.model, type: boiler!.type, priceCents: boiler!.priceCents, gas: "natural" },
      service("instalaciones", SERVICE_LINE_ID.calderas, "Instalación de caldera", 30200),
      service("mantenimientos", SERVICE_LINE_ID.calderas, "Mantenimiento anual de caldera", 8500),
      service("mantenimientos", SERVICE_LINE_ID.aires, "Mantenimiento anual de aire acondicionado", 8500),
  ];
  await db.insert(orderLines).values(lines.map((line, position) => ({ orderId: placed.id, position, ...line })));
  const [priced] = await db.update(orders).set({ amountCents: lines.reduce((sum, line) => sum + line.priceCents, placed.shippingCents) }).where(eq(orders.id, placed.id)).returning();
  return { placed: priced!, boiler: boiler! };
}

async function plansOf(orderId: number) {
  const { db } = await ready;
  return db.select().from(maintenancePlans).where(eq(maintenancePlans.orderId, orderId)).orderBy(asc(maintenancePlans.id));
}

async function pay(number: string) {
  const { db } = await ready;
  const moved = await moveOrderStatus(db, owner, number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: "TRF-PLAN" } }, NOW);
  expect(moved.ok).toBe(true);
}

describe("maintenance plans sold in the shop", () => {
  it("a transfer marked paid: one plan per maintenance line, the boiler's with the boiler, the other with no unit yet", async () => {
    const { db } = await ready;
    const { placed, boiler } = await orderWithMaintenance();
    await pay(placed.number);
    const plans = await plansOf(placed.id);
    expect(plans.map((plan) => [plan.family, plan.state, plan.priceCents, plan.startedOn, plan.renewsOn, plan.source, plan.customerEmail, plan.renewalMethod])).toEqual([
      ["calderas", "activo", 8500, "2031-05-20", "2032-05-20", "tienda", `plan${serial}@example.com`, "transferencia"],
      ["aires", "activo", 8500, "2031-05-20", "2032-05-20", "tienda", `plan${serial}@example.com`, "transferencia"],
    ]);
    expect(plans[0]!.covers).toEqual({ yearlyVisit: true, repairLabour: true, responseHours: 48 });
    expect(plans[0]!.place.address).toBeTruthy();
    const units = await db.select().from(planUnits).where(eq(planUnits.planId, plans[0]!.id));
    expect(units).toEqual([
      expect.objectContaining({ equipment: "caldera-gas", brand: boiler.brand, model: boiler.model, productId: boiler.id, powerKw: boiler.heatingPowerKw, installedOn: null, declared: false }),
    ]);
    expect(await db.select().from(planUnits).where(eq(planUnits.planId, plans[1]!.id))).toEqual([]);
    const mails = await db.select().from(outbox).where(sql`${outbox.ref} in (${sql.join(plans.map((plan) => sql`${`plan:${plan.id}`}`), sql`, `)})`);
    expect(mails.map((mail) => (mail.payload as { subject: string }).subject)).toEqual([
      expect.stringContaining(`su plan de mantenimiento n.º ${plans[0]!.id} está activo`),
      expect.stringContaining(`su plan de mantenimiento n.º ${plans[1]!.id} está activo`),
    ]);
    expect((mails[1]!.payload as { text: string }).text).toContain("Díganos en «Mis equipos» qué equipo quiere mantener");
  });

  it("a card payment notified twice makes each plan once", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance("tarjeta");
    const attempt = await openAttempt(db, placed, { now: NOW });
    const fields = notification({ code: attempt.code, amountCents: attempt.amountCents });
    await handleNotification(db, redsysConfig()!, fields, NOW);
    await handleNotification(db, redsysConfig()!, fields, NOW);
    expect((await plansOf(placed.id)).map((plan) => [plan.family, plan.state])).toEqual([
      ["calderas", "activo"],
      ["aires", "activo"],
    ]);
  });

  it("a payment undone puts the plans on hold; paid again, the same plans go on; the order cancelled ends them", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const first = await plansOf(placed.id);
    expect((await undoMistakenPayment(db, owner, placed.number, "Transferencia de otro cliente", NOW)).ok).toBe(true);
    expect((await plansOf(placed.id)).map((plan) => plan.state)).toEqual(["pendiente_pago", "pendiente_pago"]);
    await pay(placed.number);
    const again = await plansOf(placed.id);
    expect(again.map((plan) => [plan.id, plan.state, plan.renewsOn])).toEqual(first.map((plan) => [plan.id, "activo", plan.renewsOn]));
    const cancelled = await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "El cliente desiste" } }, NOW);
    expect(cancelled.ok).toBe(true);
    expect((await plansOf(placed.id)).map((plan) => [plan.state, plan.cancelReason])).toEqual([
      ["cancelado", "Pedido cancelado"],
      ["cancelado", "Pedido cancelado"],
    ]);
  });
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const page = (cookie: string, form?: Record<string, string>) =>
  new Request("http://localhost/login/equipos", form ? { method: "POST", headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) } : { headers: { cookie } });
/** What an action answered: its status and its reply. */
async function post(cookie: string, form: Record<string, string>) {
  const result = (await equipmentAction(args(page(cookie, form)))) as { init: { status?: number } | null; data: { ok: boolean; message: string; errors?: Record<string, string> } };
  return { status: result.init?.status ?? 200, ...result.data };
}

describe("maintenance plans in Mis equipos", () => {
  it("lists the customer's plans with their units and dates; declares the unit of a plan bought alone; cancels in one form", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [boilerPlan, airPlan] = await plansOf(placed.id);
    const email = placed.userEmail.toLowerCase();
    const cookie = await signUp(email, "contraseña-segura-1", "Lucía García");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

    const shown = (await equipmentLoader(args(page(cookie)))) as { plans: Array<Record<string, unknown>> };
    expect(shown.plans.map((plan) => [plan.id, plan.state, plan.renewsOn, plan.nextVisitDueOn, plan.needsUnit, plan.cancellable])).toEqual([
      [airPlan!.id, "activo", "2032-05-20", "2032-05-20", true, true],
      [boilerPlan!.id, "activo", "2032-05-20", "2032-05-20", false, true],
    ]);

    // Bad input: a clear Spanish message per field, 400, nothing stored.
    const refused = await post(cookie, { intent: "declarar-equipo", plan: String(airPlan!.id), tipo: "caldera-gas", marca: "", modelo: "FTXM35R", serie: "", instalado: "2099-01-01", potencia: "muchos", refrigerante: "", carga: "1,2" });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({
      tipo: "Elija el tipo de equipo.",
      marca: "Escriba la marca del equipo.",
      serie: "Escriba el número de serie (está en la placa de características del equipo).",
      instalado: "Escriba la fecha de instalación (no puede ser futura).",
      potencia: "Escriba la potencia en kW, con un número entre 1 y 1.000 (por ejemplo, 24 o 3,5).",
    });
    const noGas = await post(cookie, { intent: "declarar-equipo", plan: String(airPlan!.id), tipo: "aire", marca: "Daikin", modelo: "FTXM35R", serie: "DK-1", instalado: "2024-06-15", refrigerante: "", carga: "1,2" });
    expect(noGas).toMatchObject({ status: 400, errors: { refrigerante: "Elija también el gas refrigerante de esa carga." } });
    expect(await db.select().from(planUnits).where(eq(planUnits.planId, airPlan!.id))).toEqual([]);

    const declared = await post(cookie, { intent: "declarar-equipo", plan: String(airPlan!.id), tipo: "aire", marca: "Daikin", modelo: "FTXM35R", serie: "DK-35R-0099", instalado: "2024-06-15", potencia: "3,5", refrigerante: "R-32", carga: "1,2" });
    expect(declared).toMatchObject({ status: 200, ok: true, message: "Equipo guardado. Con él preparamos su primera visita." });
    expect(await db.select().from(planUnits).where(eq(planUnits.planId, airPlan!.id))).toEqual([
      expect.objectContaining({ equipment: "aire", brand: "Daikin", serialNumber: "DK-35R-0099", installedOn: "2024-06-15", powerKw: 3.5, refrigerant: "R-32", chargeKg: 1.2, declared: true }),
    ]);
    expect(await post(cookie, { intent: "declarar-equipo", plan: String(airPlan!.id), tipo: "aire", marca: "Otra", modelo: "X", serie: "Y", instalado: "2024-06-15" })).toMatchObject({ status: 409 });

    const cancelled = await post(cookie, { intent: "cancelar-plan", plan: String(airPlan!.id), motivo: "Me mudo" });
    expect(cancelled).toMatchObject({ status: 200, ok: true, message: expect.stringContaining(`Plan n.º ${airPlan!.id} cancelado. No se renovará el 20/05/2032`) });
    const [after] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, airPlan!.id));
    expect(after).toMatchObject({ state: "cancelado", cancelledBy: "cliente", cancelReason: "Me mudo" });
    const audited = await db.select().from(auditLog).where(eq(auditLog.entityId, String(airPlan!.id)));
    expect(audited.map((line) => [line.actor, line.action])).toEqual([
      ["sistema", "crear plan de mantenimiento"],
      [email, "declarar equipo del plan"],
      [email, "cancelar plan de mantenimiento"],
    ]);
    expect(await post(cookie, { intent: "cancelar-plan", plan: String(airPlan!.id) })).toMatchObject({ status: 409, message: "Este plan ya no se puede cancelar: está «Cancelado»." });
  });

  it("the day of the last gas inspection, for a plan of a gas boiler: checked, saved, and on the due list five years on", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [boilerPlan, airPlan] = await plansOf(placed.id);
    const email = placed.userEmail.toLowerCase();
    const cookie = await signUp(email, "contraseña-segura-1", "Lucía García");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const shown = (await equipmentLoader(args(page(cookie)))) as { plans: Array<{ id: number; gasInspection: unknown }> };
    expect(shown.plans.find((plan) => plan.id === boilerPlan!.id)!.gasInspection).toEqual({ lastOn: null, dueOn: null });
    expect(shown.plans.find((plan) => plan.id === airPlan!.id)!.gasInspection).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    for (const ultima of ["", "mañana", "2099-01-01", "2001-01-01"]) {
      const refused = await post(cookie, { intent: "inspeccion-gas", plan: String(boilerPlan!.id), ultima });
      expect(refused).toMatchObject({ status: 400, errors: { ultima: "Escriba el día de la última inspección del gas (el del certificado de la distribuidora), de los últimos cinco años." } });
    }
    // An air conditioner's plan has no gas to inspect.
    expect(await post(cookie, { intent: "inspeccion-gas", plan: String(airPlan!.id), ultima: today })).toMatchObject({ status: 404 });
    const saved = await post(cookie, { intent: "inspeccion-gas", plan: String(boilerPlan!.id), ultima: "2024-03-15" });
    expect(saved).toMatchObject({ status: 200, ok: true, message: "Fecha guardada. La próxima inspección del gas toca antes del 15/03/2029: se la recordaremos en la visita de mantenimiento." });
    const due = await dueInMonth(db, "2029-03-01");
    expect(due.items.filter((item) => item.planId === boilerPlan!.id).map((item) => [item.kind, item.on])).toEqual([["inspeccion-gas", "2029-03-15"]]);
  });

  it("another customer's plan, an unverified address or a made-up intent get nothing", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [plan] = await plansOf(placed.id);
    const stranger = await signUp("intrusa.planes@example.com", "contraseña-segura-1", "Intrusa");
    expect(await post(stranger, { intent: "cancelar-plan", plan: String(plan!.id) })).toMatchObject({ status: 404 });
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, "intrusa.planes@example.com"));
    expect(await post(stranger, { intent: "cancelar-plan", plan: String(plan!.id) })).toMatchObject({ status: 404, message: "No encontramos ese plan entre los suyos." });
    expect(await post(stranger, { intent: "declarar-equipo", plan: String(plan!.id), tipo: "aire" })).toMatchObject({ status: 404 });
    expect(await post(stranger, { intent: "borrar", plan: String(plan!.id) })).toMatchObject({ status: 400 });
    expect((await plansOf(placed.id))[0]!.state).toBe("activo");
  });
});

describe("the owner's due list", () => {
  it("a month's visits, renewals with their money, leak checks and guarantees ending, by date", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [boilerPlan, airPlan] = await plansOf(placed.id);
    // A split with 8 kg of R-32 (5,4 t CO2e): a leak check a year after its installation.
    await db.insert(planUnits).values({ planId: airPlan!.id, equipment: "aire", brand: "Daikin", model: "VRV", serialNumber: "DK-8", installedOn: "2031-06-03", powerKw: 20, refrigerant: "R-32", chargeKg: 8, declared: true });
    const may = await dueInMonth(db, "2032-05-01");
    const mine = may.items.filter((item) => item.planId === boilerPlan!.id || item.planId === airPlan!.id);
    expect(mine.map((item) => [item.kind, item.on, item.planId, item.amountCents])).toEqual([
      ["visita", "2032-05-20", boilerPlan!.id, null],
      ["renovacion", "2032-05-20", boilerPlan!.id, 8500],
      ["renovacion", "2032-05-20", airPlan!.id, 8500],
    ]);
    expect(may.renewalsCents).toBeGreaterThanOrEqual(17000);
    const june = await dueInMonth(db, "2032-06-01");
    expect(june.items.filter((item) => item.planId === airPlan!.id).map((item) => [item.kind, item.on, item.what])).toEqual([
      ["visita", "2032-06-03", "Mantenimiento anual de aire acondicionado: Daikin VRV"],
      ["fugas", "2032-06-03", "Daikin VRV (R-32, 8 kg)"],
    ]);
    // A cancelled plan leaves the list.
    await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "Prueba" } }, NOW);
    expect((await dueInMonth(db, "2032-05-01")).items.filter((item) => item.planId === boilerPlan!.id)).toEqual([]);
  });
});

describe("plans and the customer record", () => {
  it("the linking task ties a plan to its customer's record; a merge moves it; the record's page lists it", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [plan] = await plansOf(placed.id);
    const [keep, other] = await db
      .insert(customers)
      .values([
        { name: "Lucía García Pérez", email: "lucia.otra@example.com" },
        { name: "Lucía García", email: plan!.customerEmail },
      ])
      .returning();
    await db.update(maintenancePlans).set({ customerId: null }).where(eq(maintenancePlans.orderId, placed.id));
    await linkUntiedRows(db);
    expect((await plansOf(placed.id)).map((row) => row.customerId)).toEqual([other!.id, other!.id]);
    expect((await mergeCustomers(db, owner, keep!.id, other!.id)).ok).toBe(true);
    expect((await plansOf(placed.id)).map((row) => row.customerId)).toEqual([keep!.id, keep!.id]);
    const record = await customerRecord(db, keep!.id);
    expect(record!.plans.map((row) => [row.id, row.state, row.priceCents])).toEqual(
      (await plansOf(placed.id)).reverse().map((row) => [row.id, "activo", 8500]),
    );
  });
});

describe("renewals by transfer", () => {
  it("30 days before: one notice with the price and the transfer's concept; due on the day; the owner records the transfer: invoice, a year on; unpaid 30 days: the plan ends", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [boilerPlan, airPlan] = await plansOf(placed.id);
    const mine = <T extends { planId: number }>(rows: T[]) => rows.filter((row) => row.planId === boilerPlan!.id || row.planId === airPlan!.id);
    const renewalsOf = async () => mine(await db.select().from(planRenewals).orderBy(asc(planRenewals.planId)));

    // 31 days before: nothing yet; 30 days before (2032-04-20, 08:00 Madrid): one notice each, however often the task runs.
    await renewalsTask(db, new Date("2032-04-19T06:00:00Z"));
    expect(await renewalsOf()).toEqual([]);
    await renewalsTask(db, new Date("2032-04-20T06:00:00Z"));
    await renewalsTask(db, new Date("2032-04-20T06:05:00Z"));
    const renewals = await renewalsOf();
    expect(renewals.map((row) => [row.planId, row.renewsOn, row.amountCents, row.method, row.state])).toEqual([
      [boilerPlan!.id, "2032-05-20", 8500, "transferencia", "pendiente"],
      [airPlan!.id, "2032-05-20", 8500, "transferencia", "pendiente"],
    ]);
    const notices = await db.select().from(outbox).where(eq(outbox.ref, `plan:${boilerPlan!.id}`));
    const notice = notices.map((row) => row.payload as { subject: string; text: string }).filter((mail) => /se renueva el 20\/05\/2032/.test(mail.subject));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(`Concepto: Plan ${boilerPlan!.id} 2032`);
    expect(notice[0]!.text).toContain("IBAN: ES91 2100 0418 4502 0005 1332");
    expect(notice[0]!.text).toContain("antes del 19/06/2032, el plan terminará");

    // The renewal day: unpaid plans are "pendiente de pago".
    await renewalsTask(db, new Date("2032-05-20T06:00:00Z"));
    expect((await plansOf(placed.id)).map((plan) => plan.state)).toEqual(["pendiente_pago", "pendiente_pago"]);

    // The owner records the boiler plan's transfer.
    expect(await recordRenewalPayment(db, owner, renewals[0]!.id, { paidOn: "2032-05-23", bankReference: "TRF-RENOV" }, new Date("2032-05-22T10:00:00Z"))).toMatchObject({ ok: false, status: 400 });
    const paid = await recordRenewalPayment(db, owner, renewals[0]!.id, { paidOn: "2032-05-21", bankReference: "TRF-RENOV" }, new Date("2032-05-22T10:00:00Z"));
    expect(paid).toMatchObject({ ok: true });
    expect(await recordRenewalPayment(db, owner, renewals[0]!.id, { paidOn: "2032-05-21", bankReference: "TRF-RENOV" }, new Date("2032-05-22T10:00:00Z"))).toMatchObject({ ok: false, status: 409 });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.planRenewalId, renewals[0]!.id));
    expect(invoice).toMatchObject({
      series: "F",
      issuedOn: "2032-05-22",
      operationOn: "2032-05-21",
      totalCents: 8500,
      baseCents: 7025,
      vatCents: 1475,
      vatRate: 21,
      payMethod: "Transferencia bancaria",
      buyer: { name: "Lucía García Pérez", nif: "12345678Z" },
    });
    expect(invoice!.lines.map((line) => line.description)).toEqual([`Mantenimiento anual de caldera (plan n.º ${boilerPlan!.id}), del 20/05/2032 al 19/05/2033`]);
    const invoiceMail = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${boilerPlan!.id}`))).map((row) => row.payload as { subject: string; attachInvoice?: number }).find((mail) => mail.attachInvoice === invoice!.id);
    expect(invoiceMail?.subject).toContain(`factura ${invoice!.number} del plan de mantenimiento n.º ${boilerPlan!.id}`);
    const pdf = await invoicePdf(db, invoice!.id);
    expect(pdf?.pdf.length).toBeGreaterThan(1000);

    // 30 days after the renewal day, the air plan ends unpaid; the paid one goes on.
    await renewalsTask(db, new Date("2032-06-18T06:00:00Z"));
    expect((await plansOf(placed.id)).map((plan) => [plan.state, plan.renewsOn])).toEqual([["activo", "2033-05-20"], ["pendiente_pago", "2032-05-20"]]);
    await renewalsTask(db, new Date("2032-06-19T06:00:00Z"));
    await renewalsTask(db, new Date("2032-06-19T06:30:00Z"));
    expect((await plansOf(placed.id)).map((plan) => [plan.state, plan.renewsOn])).toEqual([["activo", "2033-05-20"], ["vencido", "2032-05-20"]]);
    expect((await renewalsOf()).map((row) => row.state)).toEqual(["pagada", "vencida"]);
    const lapsed = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${airPlan!.id}`))).filter((row) => /ha terminado/.test((row.payload as { subject: string }).subject));
    expect(lapsed).toHaveLength(1);
  });

  it("a plan cancelled with its renewal waiting annuls the renewal", async () => {
    const { db } = await ready;
    const { placed } = await orderWithMaintenance();
    await pay(placed.number);
    const [plan] = await plansOf(placed.id);
    await renewalsTask(db, new Date("2032-04-25T06:00:00Z"));
    await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "Prueba" } }, NOW);
    expect((await db.select().from(planRenewals).where(eq(planRenewals.planId, plan!.id))).map((row) => row.state)).toEqual(["anulada"]);
  });
});

describe("renewals by SEPA direct debit", () => {
  it("a mandate signed in Mis equipos; the notice names the account; the bank file validates (FRST, then RCUR); a return and a payment", async () => {
    const { db } = await ready;
    process.env.SEPA_CREDITOR_ID = spanishCreditorId("B12345674");
    resetConfigForTests();
    try {
      const { placed } = await orderWithMaintenance();
      await pay(placed.number);
      const [plan] = await plansOf(placed.id);
      const email = placed.userEmail.toLowerCase();
      const cookie = await signUp(email, "contraseña-segura-1", "Lucía García");
      await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

      const bad = await post(cookie, { intent: "domiciliar", plan: String(plan!.id), titular: "L", iban: "ES91 2100 0418 4502 0005 1333" });
      expect(bad).toMatchObject({ status: 400, errors: { titular: expect.any(String), iban: "El IBAN no es válido: revise los dígitos.", acepto: "Para domiciliar los pagos, acepte la orden de domiciliación." } });
      const signed = await post(cookie, { intent: "domiciliar", plan: String(plan!.id), titular: "Lucía García Pérez", iban: "es91 2100 0418 4502 0005 1332", acepto: "si" });
      expect(signed).toMatchObject({ status: 200, ok: true, message: expect.stringContaining("ES91 **** **** **** **** 1332") });
      const [debited] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id));
      expect(debited).toMatchObject({ renewalMethod: "domiciliacion" });
      const copy = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${plan!.id}`))).map((row) => row.payload as { subject: string; text: string }).find((mail) => /orden de domiciliación/.test(mail.subject));
      expect(copy?.text).toContain(`Identificador del acreedor: ${process.env.SEPA_CREDITOR_ID}`);
      expect(copy?.text).toContain("legitimado al reembolso por su entidad");

      // The notice, 30 days before: the debit's account, day and mandate.
      await renewalsTask(db, new Date("2032-04-20T06:00:00Z"));
      const notice = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${plan!.id}`))).map((row) => row.payload as { subject: string; text: string }).find((mail) => /se renueva/.test(mail.subject));
      expect(notice?.text).toContain(`Cargaremos ${formatEuros(8500)} en su cuenta ES91 **** **** **** **** 1332 el 20/05/2032`);
      expect(notice?.text).not.toContain("IBAN: ");

      // 14 days before: the file carries it, FRST, collected on the renewal day; a second download has nothing.
      const first = await debitFile(db, owner, new Date("2032-05-06T09:00:00Z"));
      if (!first.ok) throw new Error(first.message);
      expect((await validatePain008(first.xml)).errors).toEqual([]);
      expect(first.xml).toContain("<SeqTp>FRST</SeqTp>");
      expect(first.xml).toContain("<ReqdColltnDt>2032-05-20</ReqdColltnDt>");
      expect(first.xml).toContain(`<Id>${process.env.SEPA_CREDITOR_ID}</Id>`);
      expect(await debitFile(db, owner, new Date("2032-05-06T09:05:00Z"))).toMatchObject({ ok: false, status: 409 });

      // The bank returns it for lack of funds: the renewal waits for a transfer, the mandate stays.
      const [renewal] = await db.select().from(planRenewals).where(eq(planRenewals.planId, plan!.id));
      expect(await recordDebitReturn(db, owner, renewal!.id, "AM04", new Date("2032-05-22T09:00:00Z"))).toMatchObject({ ok: true });
      const [back] = await db.select().from(planRenewals).where(eq(planRenewals.id, renewal!.id));
      expect(back).toMatchObject({ state: "pendiente", method: "transferencia", sepaMessageId: null, returnReason: "AM04" });
      expect((await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id)))[0]!.renewalMethod).toBe("domiciliacion");
      const returned = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${plan!.id}`))).map((row) => row.payload as { subject: string; text: string }).find((mail) => /no se ha podido cobrar/.test(mail.subject));
      expect(returned?.text).toContain("No había saldo suficiente en la cuenta el día del cargo.");
      expect(returned?.text).toContain(`Concepto: Plan ${plan!.id} 2032`);

      // Paid by transfer after the return; next year's renewal is debited again, now RCUR.
      expect(await recordRenewalPayment(db, owner, renewal!.id, { paidOn: "2032-05-25", bankReference: "TRF" }, new Date("2032-05-25T09:00:00Z"))).toMatchObject({ ok: true });
      await renewalsTask(db, new Date("2033-04-20T06:00:00Z"));
      const next = await debitFile(db, owner, new Date("2033-05-06T09:00:00Z"));
      if (!next.ok) throw new Error(next.message);
      expect((await validatePain008(next.xml)).errors).toEqual([]);
      expect(next.xml).toContain("<SeqTp>RCUR</SeqTp>");
      const [second] = await db.select().from(planRenewals).where(and(eq(planRenewals.planId, plan!.id), eq(planRenewals.renewsOn, "2033-05-20")));
      const paid = await recordRenewalPayment(db, owner, second!.id, { paidOn: "2033-05-21", bankReference: "" }, new Date("2033-05-22T09:00:00Z"));
      expect(paid).toMatchObject({ ok: true });
      const [invoice] = await db.select().from(invoices).where(eq(invoices.planRenewalId, second!.id));
      expect(invoice!.payMethod).toBe("Domiciliación bancaria");

      // Three weeks later the customer asks the bank for the debit back (MD06): the credited
      // renewal is undone, its invoice rectified in full, the plan waits for it again; paid by
      // transfer, it is invoiced anew.
      const later = new Date("2033-06-12T09:00:00Z");
      expect((await creditedDebits(db, later)).map((row) => row.renewal.id)).toContain(second!.id);
      const undone = await recordDebitReturn(db, owner, second!.id, "MD06", later);
      expect(undone).toMatchObject({ ok: true, message: expect.stringMatching(/^Devolución registrada \(MD06\): la renovación vuelve a esperar su pago y su factura queda rectificada en R\d{4}-\d{6}\./) });
      expect((await db.select().from(planRenewals).where(eq(planRenewals.id, second!.id)))[0]).toMatchObject({ state: "pendiente", method: "transferencia", paidAt: null, sepaMessageId: null, returnReason: "MD06" });
      expect((await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id)))[0]).toMatchObject({ state: "pendiente_pago", renewsOn: "2033-05-20", renewalMethod: "domiciliacion" });
      const [, rectifying] = await db.select().from(invoices).where(eq(invoices.planRenewalId, second!.id)).orderBy(asc(invoices.id));
      expect(rectifying).toMatchObject({ series: "R", rectifiesId: invoice!.id, totalCents: -invoice!.totalCents, reason: "Adeudo devuelto por el banco (MD06): renovación sin cobrar" });
      expect((await creditedDebits(db, later)).map((row) => row.renewal.id)).not.toContain(second!.id);
      expect(await recordDebitReturn(db, owner, second!.id, "MD06", later)).toMatchObject({ ok: false, status: 409 });
      // 30 days after the renewal day have passed, but the return gave 14 more: not lapsed, and the e-mail says until when.
      const told = (await db.select().from(outbox).where(eq(outbox.ref, `plan:${plan!.id}`))).map((row) => row.payload as { subject: string; text: string }).filter((mail) => /no se ha podido cobrar/.test(mail.subject)).at(-1);
      expect(told?.text).toContain("Si no lo recibimos antes del 26/06/2033, el plan terminará.");
      await renewalsTask(db, new Date("2033-06-22T06:00:00Z"));
      expect((await db.select().from(planRenewals).where(eq(planRenewals.id, second!.id)))[0]).toMatchObject({ state: "pendiente", payBy: "2033-06-26" });
      expect(await recordRenewalPayment(db, owner, second!.id, { paidOn: "2033-06-24", bankReference: "TRF-2033" }, new Date("2033-06-24T09:00:00Z"))).toMatchObject({ ok: true });
      const again = await db.select().from(invoices).where(eq(invoices.planRenewalId, second!.id)).orderBy(asc(invoices.id));
      expect(again.map((row) => [row.series, row.totalCents, row.payMethod])).toEqual([
        ["F", 8500, "Domiciliación bancaria"],
        ["R", -8500, "Domiciliación bancaria"],
        ["F", 8500, "Transferencia bancaria"],
      ]);
      expect((await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id)))[0]).toMatchObject({ state: "activo", renewsOn: "2034-05-20" });

      // Back to transfer from Mis equipos: the mandate is revoked.
      expect(await post(cookie, { intent: "transferencia", plan: String(plan!.id) })).toMatchObject({ status: 200, ok: true });
      expect((await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id)))[0]).toMatchObject({ renewalMethod: "transferencia", sepaMandateId: null });
    } finally {
      delete process.env.SEPA_CREDITOR_ID;
      resetConfigForTests();
    }
  });
});

describe("a debited plan cancelled after its file went to the bank", () => {
  it("keeps the renewal in the owner's list, never renews nor invoices it", async () => {
    const { db } = await ready;
    process.env.SEPA_CREDITOR_ID = spanishCreditorId("B12345674");
    resetConfigForTests();
    try {
      const { placed } = await orderWithMaintenance();
      await pay(placed.number);
      const [plan] = await plansOf(placed.id);
      const email = placed.userEmail.toLowerCase();
      const cookie = await signUp(email, "contraseña-segura-1", "Lucía García");
      await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
      expect(await post(cookie, { intent: "domiciliar", plan: String(plan!.id), titular: "Lucía García Pérez", iban: "ES9121000418450200051332", acepto: "si" })).toMatchObject({ ok: true });
      await renewalsTask(db, new Date("2032-04-20T06:00:00Z"));
      expect((await debitFile(db, owner, new Date("2032-05-06T09:00:00Z"))).ok).toBe(true);
      expect(await post(cookie, { intent: "cancelar-plan", plan: String(plan!.id) })).toMatchObject({ ok: true });
      const [renewal] = await db.select().from(planRenewals).where(eq(planRenewals.planId, plan!.id));
      expect(renewal).toMatchObject({ state: "pendiente", sepaMessageId: expect.stringMatching(/^TCM\d{14}$/) });
      const refused = await recordRenewalPayment(db, owner, renewal!.id, { paidOn: "2032-05-21", bankReference: "" }, new Date("2032-05-22T09:00:00Z"));
      expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("se canceló después de enviar el adeudo") });
      expect(await db.select().from(invoices).where(eq(invoices.planRenewalId, renewal!.id))).toEqual([]);
      expect((await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan!.id)))[0]!.state).toBe("cancelado");
    } finally {
      delete process.env.SEPA_CREDITOR_ID;
      resetConfigForTests();
    }
  });
});
