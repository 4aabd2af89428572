import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { endOpenVisits } from "./plan-visit-ends.server";
import { serviceFamily } from "~/domain/basket/basket";
import { hasMaintenance, type MaintainedFamily } from "~/domain/catalogue/service-prices";
import type { Family } from "~/domain/catalogue/product";
import { madridDay } from "~/domain/dates/madrid-dates";
import { EQUIPMENT_OF_FAMILY, PLAN_COVERS } from "~/domain/maintenance/plans";
import { renewalOn } from "~/domain/maintenance/plan-dates";
import { isRefrigerant } from "~/domain/maintenance/refrigerants";
import { audit } from "../audit.server";
import { buyer } from "../invoices/issue-invoice.server";
import { products } from "../catalogue/catalogue-schema.server";
import { installedUnits } from "../jobs/jobs-schema.server";
import type { Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { orderLines, orders } from "../orders/orders-schema.server";
import { maintenancePlans, planUnits } from "./maintenance-schema.server";
import { planStartedEmail } from "./plan-emails.server";
import { cardKeptWithOrder } from "../payments/stored-cards.server";
import { cardLabel } from "~/domain/payments/stored-card";
import { cancelPendingRenewal } from "./plan-renewals.server";

/*
 * A paid order's "Mantenimiento anual" lines become maintenance plans (issue 31), in the
 * transaction that records the payment (the administrator's «Pagado» and Redsys's
 * notification both come here). One plan per line (unique order_line_id): a second
 * notification or a payment recorded again after an undo makes nothing new.
 *
 * The plan maintains the unit bought with it: the nearest earlier line of goods of the same
 * family in the order (the basket adds a product, then its installation and maintenance). A
 * maintenance bought alone has no unit yet: the customer declares it in Mis equipos.
 */

type Line = typeof orderLines.$inferSelect;

function maintainedFamily(line: Line): MaintainedFamily | null {
  if (line.family !== "mantenimientos" && line.family !== "mantenimiento") return null;
  const family: Family | undefined = serviceFamily({ id: line.productId ?? 0, familia: "mantenimientos", cantidad: 1 });
  return family && hasMaintenance(family) ? family : null;
}

/** The goods line each maintenance line maintains (or null), each goods line claimed once. */
export function unitLinesOf(lines: readonly Line[]): Map<number, Line | null> {
  const claimed = new Set<number>();
  const result = new Map<number, Line | null>();
  for (const line of lines) {
    const family = maintainedFamily(line);
    if (!family) continue;
    const goods = lines
      .filter((other) => other.position < line.position && other.family === family && !claimed.has(other.id))
      .sort((a, b) => b.position - a.position)[0];
    if (goods) claimed.add(goods.id);
    result.set(line.id, goods ?? null);
  }
  return result;
}

export async function startPlansForOrder(tx: Transaction, orderId: number, now: Date): Promise<number[]> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return [];
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  const units = unitLinesOf(lines);
  const startedOn = madridDay(order.paidAt ?? now);
  // Renewed with the card its payment kept, if the customer agreed (issue 31); otherwise by transfer.
  const card = order.renewalCardConsentAt ? await cardKeptWithOrder(tx, order.id) : null;
  const address = order.addressSend;
  const made: number[] = [];
  for (const line of lines) {
    const family = maintainedFamily(line);
    if (!family) continue;
    // Paid again after an undo: the plan on hold goes on, with its dates.
    const [held] = await tx
      .update(maintenancePlans)
      .set({ state: "activo", updatedAt: now })
      .where(and(eq(maintenancePlans.orderLineId, line.id), eq(maintenancePlans.state, "pendiente_pago")))
      .returning({ id: maintenancePlans.id });
    if (held) {
      await audit(tx, "sistema", { action: "reactivar plan de mantenimiento", entity: "plan", entityId: String(held.id), before: { state: "pendiente_pago" }, after: { state: "activo", pedido: order.number } });
      continue;
    }
    const [plan] = await tx
      .insert(maintenancePlans)
      .values({
        customerId: order.customerId,
        customerEmail: order.userEmail.trim().toLowerCase(),
        customerName: [address.nombre, address.apellidos].filter(Boolean).join(" "),
        customerPhone: address.telefono,
        buyer: buyer(order.addressBill),
        place: { address: address.direccion, postcode: address.cp, town: address.poblacion, province: address.provincia },
        family,
        priceCents: line.priceCents,
        covers: PLAN_COVERS,
        startedOn,
        renewsOn: renewalOn(startedOn, 1),
        source: order.placedBy ? "telefono" : "tienda",
        ...(card ? { renewalMethod: "tarjeta" as const, storedCardId: card.id } : {}),
        orderId: order.id,
        orderLineId: line.id,
      })
      .onConflictDoNothing({ target: maintenancePlans.orderLineId })
      .returning();
    if (!plan) continue;
    const goods = units.get(line.id);
    const installed = goods ? null : await installedUnitOf(tx, line, family, order.userEmail);
    if (goods) await addBoughtUnit(tx, plan.id, family, goods);
    else if (installed) await tx.insert(planUnits).values({ planId: plan.id, ...installed });
    await audit(tx, "sistema", { action: "crear plan de mantenimiento", entity: "plan", entityId: String(plan.id), after: { pedido: order.number, family, priceCents: plan.priceCents, renewsOn: plan.renewsOn } });
    const unitName = goods ?? installed;
    await enqueue(tx, "email", { ...planStartedEmail(plan, unitName ? `${unitName.brand} ${unitName.model}`.trim() : null, card ? cardLabel(card) : null) }, { ref: planRef(plan.id) });
    made.push(plan.id);
  }
  return made;
}

/**
 * A maintenance contracted from «Mis equipos» for a unit we installed: that unit, if it is the
 * buyer's (same e-mail) and of the plan's family; anything else (a forged id) makes a plan
 * without a unit, which the customer declares.
 */
async function installedUnitOf(tx: Transaction, line: Line, family: MaintainedFamily, buyerEmail: string) {
  if (!line.installedUnitId) return null;
  const [unit] = await tx
    .select({ unit: installedUnits, family: products.family, product: PRODUCT_FACTS })
    .from(installedUnits)
    .leftJoin(products, eq(products.id, installedUnits.productId))
    .where(and(eq(installedUnits.id, line.installedUnitId), sql`lower(${installedUnits.customerEmail}) = ${buyerEmail.trim().toLowerCase()}`));
  if (!unit || unit.family !== family) return null;
  return {
    installedUnitId: unit.unit.id,
    productId: unit.unit.productId,
    equipment: EQUIPMENT_OF_FAMILY[family],
    brand: unit.unit.brand,
    model: unit.unit.model,
    serialNumber: unit.unit.serialNumber,
    installedOn: unit.unit.installedOn,
    ...unitFactsOf(unit.product),
  };
}

/** What the catalogue says of a unit's product: its power, refrigerant, and whether its circuit is sealed. */
const PRODUCT_FACTS = { powerKw: products.powerKw, heatingPowerKw: products.heatingPowerKw, refrigerant: products.refrigerant, notSealed: products.fgasNotSealed };

/**
 * A plan unit's facts from its product (none known without one): the heating power first, the
 * refrigerant as the plans write it ("R32" -> "R-32", null if not one we know), and sealed unless
 * it is a split joined on site (drizzle/0013).
 */
function unitFactsOf(product: { powerKw: number | null; heatingPowerKw: number | null; refrigerant: string | null; notSealed: boolean } | null) {
  const name = product?.refrigerant?.trim().toUpperCase().replace(/^R(\d)/, "R-$1") ?? null;
  const refrigerant = isRefrigerant(name) ? name : null;
  return { powerKw: product?.heatingPowerKw ?? product?.powerKw ?? null, refrigerant, hermeticallySealed: product ? !product.notSealed && refrigerant !== null : false };
}

async function addBoughtUnit(tx: Transaction, planId: number, family: MaintainedFamily, goods: Line): Promise<void> {
  const [product] = goods.productId ? await tx.select(PRODUCT_FACTS).from(products).where(eq(products.id, goods.productId)) : [];
  await tx.insert(planUnits).values({
    planId,
    orderLineId: goods.id,
    productId: goods.productId,
    equipment: EQUIPMENT_OF_FAMILY[family],
    brand: goods.brand,
    model: goods.model,
    ...unitFactsOf(product ?? null),
  });
}

/**
 * The plans an order sold follow the order: a payment undone puts them on hold ("pendiente de
 * pago"); a cancelled order ends them. Plans already ended stay as they are.
 */
export async function plansFollowOrder(tx: Transaction, orderId: number, state: "pendiente_pago" | "cancelado", now: Date): Promise<void> {
  const changed = await tx
    .update(maintenancePlans)
    .set(state === "cancelado" ? { state, cancelledAt: now, cancelledBy: "sistema", cancelReason: "Pedido cancelado", updatedAt: now } : { state, updatedAt: now })
    .where(and(eq(maintenancePlans.orderId, orderId), inArray(maintenancePlans.state, ["activo", "pendiente_pago"])))
    .returning({ id: maintenancePlans.id, state: maintenancePlans.state });
  for (const plan of changed) {
    if (state === "cancelado") {
      await cancelPendingRenewal(tx, plan.id, now);
      await endOpenVisits(tx, "sistema", plan.id, "El pedido del plan de mantenimiento se ha cancelado", now);
    }
    await audit(tx, "sistema", { action: state === "cancelado" ? "cancelar plan de mantenimiento" : "suspender plan de mantenimiento", entity: "plan", entityId: String(plan.id), after: { state, pedido: orderId } });
  }
}
