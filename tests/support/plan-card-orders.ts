import { asc, eq } from "drizzle-orm";
import { SERVICE_LINE_ID } from "~/domain/basket/basket";
import { redsysConfig } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { handleNotification } from "~/server/payments/notification.server";
import { paymentForm } from "~/server/payments/attempts.server";
import type { RedsysStandIn } from "./redsys-standin/index";
import { decisionPath, postForm, type TestShop } from "./redsys-standin/test-shop";
import { openAttempt } from "./redsys-notify";
import { insertTestOrder } from "./transfer-orders";

/*
 * Issue 31, the card kept for a plan's renewals: an order with a boiler and its yearly
 * maintenance, paid by card through the Redsys stand-in with the customer's consent, exactly as
 * the shop's payment page and notification do it (the stand-in keeps the test card and notifies
 * the tiny test shop; the captured fields go to the shop's own handler).
 */

let serial = 0;

/** A boiler and its maintenance (85 €), "Pendiente de Pago" by card, with (or without) the consent. */
export async function cardOrderWithPlan(db: Database, { consent = true, email }: { consent?: boolean; email?: string } = {}) {
  serial += 1;
  const placed = await insertTestOrder(db, {
    number: `${7000 + serial}-${String(Date.now()).slice(-6)}`,
    email: email ?? `tarjeta${serial}-${Date.now()}@example.com`,
    createdAt: new Date(Date.now() - 60_000),
    productIds: [],
    payMethod: "tarjeta",
  });
  const [boiler] = await db.select().from(products).where(eq(products.family, "calderas")).orderBy(asc(products.id)).limit(1);
  const lines = [
    { productId: boiler!.id, family: "calderas", brand: boiler!.brand, model: boiler!.model, type: boiler!.type, priceCents: boiler!.priceCents, gas: "natural" },
    { productId: SERVICE_LINE_ID.calderas, family: "mantenimientos", brand: "", model: "Mantenimiento anual de caldera", type: "Mantenimiento anual", priceCents: 8500, region: "madrid" },
  ];
  await db.insert(orderLines).values(lines.map((line, position) => ({ orderId: placed.id, position, ...line })));
  const [order] = await db
    .update(orders)
    .set({ amountCents: lines.reduce((sum, line) => sum + line.priceCents, placed.shippingCents), renewalCardConsentAt: consent ? new Date() : null })
    .where(eq(orders.id, placed.id))
    .returning();
  return order!;
}

/** Pays the order by card through the stand-in (the payment page's own form) and hands Redsys's notification to the shop. */
export async function payThroughStandIn(db: Database, order: typeof orders.$inferSelect, redsys: RedsysStandIn, shop: TestShop) {
  const cfg = redsysConfig();
  if (!cfg) throw new Error("Redsys no está configurado en la prueba");
  const attempt = await openAttempt(db, order);
  const form = paymentForm(cfg, attempt, order);
  const html = await (await postForm(form.action, { ...form.fields })).text();
  const decided = await postForm(new URL(decisionPath(html), redsys.url).toString(), { decision: "pagar" });
  if (decided.status !== 303) throw new Error(`el simulador no aceptó el pago: ${decided.status}`);
  const fields = shop.notifications.at(-1);
  if (!fields) throw new Error("el simulador no notificó el pago");
  const outcome = await handleNotification(db, cfg, fields);
  return { attempt, form, outcome };
}
