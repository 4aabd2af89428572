import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { BasketLine } from "~/domain/catalogue/product";
import { basketCookie } from "~/server/cookies.server";
import { getDb } from "~/server/db/db.server";
import { baskets, products } from "~/server/db/schema.server";

/** A basket row with these lines, and the Cookie header value that points to it. */
export async function basketWith(lines: BasketLine[]): Promise<{ id: string; cookie: string }> {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(baskets).values({ id, lines });
  const cookie = (await basketCookie().serialize(id)).split(";")[0]!;
  return { id, cookie };
}

export async function basketLines(id: string): Promise<BasketLine[]> {
  const db = await getDb();
  const [row] = await db.select({ lines: baskets.lines }).from(baskets).where(eq(baskets.id, id));
  return row?.lines ?? [];
}

export async function productRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no hay producto ${id}`);
  return row;
}

/** Changes a catalogue row the way the back office would. */
export async function updateProduct(id: number, set: Partial<typeof products.$inferInsert>) {
  const db = await getDb();
  await db.update(products).set({ ...set, updatedAt: new Date() }).where(eq(products.id, id));
}

// Seed order gives the ids: calderas 1..13 (4 is a Saunier Duval), termostatos 14..22.
export const BOILER_ID = 4;
export const THERMOSTAT_ID = 14;

/** A boiler with installation and maintenance in Madrid, and a thermostat (spec section 3 lines). */
export const BOILER_WITH_SERVICES: BasketLine[] = [
  { id: BOILER_ID, familia: "calderas", cantidad: 1, opcion: "natural" },
  { id: 1, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
  { id: 1, familia: "mantenimientos", cantidad: 1, provincia: "madrid" },
  { id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 },
];
