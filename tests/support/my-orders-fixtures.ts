import { eq } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { user } from "~/server/accounts/accounts-schema.server";
import { orderLines, orders, type Address } from "~/server/orders/orders-schema.server";

/** An address as the order form stores it (spec section 3). */
export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: "12345678Z",
    nombre: "Lucía",
    apellidos: "García Pérez",
    empresa: "",
    direccion: "Calle Mayor 1, 2º B",
    pais: "España",
    poblacion: "Madrid",
    provincia: "Madrid",
    cp: "28013",
    telefono: "600123456",
    ...overrides,
  };
}

type Line = { brand: string; model: string; type?: string; family?: string; priceCents: number; gas?: string | null; region?: string | null };

/** Writes an order straight into the database, as the checkout would have. */
export async function insertOrder(
  db: Database,
  owner: { email: string },
  fields: { number: string; createdAt?: Date; status?: (typeof orders.$inferInsert)["status"]; lines?: Line[]; shippingCents?: number; addressSend?: Address },
) {
  const [account] = await db.select().from(user).where(eq(user.email, owner.email));
  if (!account) throw new Error(`no hay usuario ${owner.email}`);
  const lines = fields.lines ?? [{ brand: "Saunier Duval", model: "Thelia Condens 25", type: "Condensación", family: "calderas", priceCents: 129900, gas: "natural" }];
  const shippingCents = fields.shippingCents ?? 1995;
  const amountCents = lines.reduce((sum, line) => sum + line.priceCents, 0) + shippingCents;
  const [order] = await db
    .insert(orders)
    .values({
      number: fields.number,
      userId: account.id,
      userEmail: account.email,
      status: fields.status ?? "Pendiente de Pago",
      amountCents,
      shippingCents,
      addressSend: fields.addressSend ?? address(),
      addressBill: fields.addressSend ?? address(),
      payMethod: "transferencia",
      createdAt: fields.createdAt ?? new Date(),
    })
    .returning();
  await db.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId: order!.id,
      position,
      family: line.family ?? "calderas",
      brand: line.brand,
      model: line.model,
      type: line.type ?? "",
      priceCents: line.priceCents,
      gas: line.gas ?? null,
      region: line.region ?? null,
    })),
  );
  return order!;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
