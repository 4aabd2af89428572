import { eq } from "drizzle-orm";
import type { CartLine } from "~/domain/product";
import { cartCookie } from "./cookies.server";
import { getDb } from "./db/db.server";
import { carts } from "./db/schema.server";

const CART_ID = /^[0-9a-f-]{36}$/;

export async function readCartId(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && CART_ID.test(value) ? value : null;
}

export async function getCartLines(request: Request): Promise<CartLine[]> {
  const id = await readCartId(request);
  if (!id) return [];
  const db = await getDb();
  const [row] = await db.select({ lines: carts.lines }).from(carts).where(eq(carts.id, id));
  return row?.lines ?? [];
}

/** The header badge: the number of basket lines (spec section 4, "Cart"). */
export async function getCartCount(request: Request): Promise<number> {
  return (await getCartLines(request)).length;
}
