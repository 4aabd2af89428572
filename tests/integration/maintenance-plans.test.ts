import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVICE_LINE_ID } from "~/domain/basket/basket";
import { redsysConfig } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { undoMistakenPayment } from "~/server/invoices/annul-invoice.server";
import { maintenancePlans, planUnits } from "~/server/maintenance/maintenance-schema.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { handleNotification } from "~/server/payments/notification.server";
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
