import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { PayMethod } from "~/domain/payments/payment-methods";
import type { Database } from "~/server/db/client.server";
import { orderLines, orders, products, user } from "~/server/db/schema.server";
import { address } from "./my-orders-fixtures";

/**
 * Orders of the back office's tests (unpaid transfers, cancellations, the home page), written
 * straight into the database as the checkout would have: one line per unit with the product's
 * id, plus optional service lines (whose product_id is a service id, not a product's).
 */

export async function customer(db: Database, email: string): Promise<{ id: string; email: string }> {
  const [found] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email));
  if (found) return found;
  const [created] = await db.insert(user).values({ id: randomUUID(), email, name: "Cliente de prueba" }).returning({ id: user.id, email: user.email });
  return created!;
}

let productsMade = 0;

/** A thermostat (no energy label needed) with this stock. */
export async function insertProduct(db: Database, fields: { stock: number; lowStockThreshold?: number; active?: boolean; model?: string }) {
  productsMade += 1;
  const model = fields.model ?? `Prueba ${productsMade}-${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(products)
    .values({
      family: "termostatos",
      slug: `prueba-${randomUUID()}`,
      brand: "Honeywell",
      model,
      type: "Inteligente",
      priceCents: 9900,
      stock: fields.stock,
      lowStockThreshold: fields.lowStockThreshold ?? 2,
      active: fields.active ?? true,
      description: "Termostato de prueba.",
      image: "/imagenes/demo/termostato.svg",
    })
    .returning();
  return row!;
}

export type TestOrder = {
  number: string;
  email: string;
  createdAt: Date;
  /** One unit per entry (the same id twice: two units). */
  productIds: number[];
  /** Service lines (installation) whose product_id is this service id. */
  serviceIds?: number[];
  status?: (typeof orders.$inferInsert)["status"];
  payMethod?: PayMethod;
  installationDate?: string;
  installationSlot?: string;
  town?: string;
};

export async function insertTestOrder(db: Database, order: TestOrder) {
  const buyer = await customer(db, order.email);
  const rows = order.productIds.length ? await db.select().from(products).where(inArray(products.id, order.productIds)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines = [
    ...order.productIds.map((id) => {
      const product = byId.get(id);
      if (!product) throw new Error(`no existe el producto ${id}`);
      return { productId: id, family: product.family, brand: product.brand, model: product.model, type: product.type, priceCents: product.priceCents };
    }),
    ...(order.serviceIds ?? []).map((id) => ({ productId: id, family: "instalaciones", brand: "", model: "Instalación", type: "Instalación", priceCents: 15000 })),
  ];
  const amountCents = lines.reduce((sum, line) => sum + line.priceCents, 0) + 795;
  const place = address({ poblacion: order.town ?? "Madrid" });
  const [created] = await db
    .insert(orders)
    .values({
      number: order.number,
      userId: buyer.id,
      userEmail: buyer.email,
      status: order.status ?? "Pendiente de Pago",
      amountCents,
      shippingCents: 795,
      addressSend: place,
      addressBill: place,
      payMethod: order.payMethod ?? "transferencia",
      installationDate: order.installationDate ?? null,
      installationSlot: order.installationSlot ?? null,
      createdAt: order.createdAt,
    })
    .returning();
  if (lines.length) await db.insert(orderLines).values(lines.map((line, position) => ({ orderId: created!.id, position, ...line })));
  return created!;
}

export async function stockOf(db: Database, productId: number): Promise<number> {
  return (await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
}
