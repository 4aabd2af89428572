import { eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { removeLine } from "~/domain/basket/basket";
import type { BasketLine } from "~/domain/catalogue/product";
import { basketCookie } from "../cookies.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { baskets } from "../db/schema.server";

const BASKET_ID = /^[0-9a-f-]{36}$/;
/** Far above any real basket; stops a script from growing one row without end. */
export const MAX_BASKET_LINES = 60;

/**
 * A basket created during this request, by the request's context (shared by its action and
 * loaders): after a post without JavaScript the page is rendered in the same request, before
 * the browser has the new cookie.
 */
const createdInRequest = new WeakMap<object, string>();

export async function readBasketId(request: Request, context?: unknown): Promise<string | null> {
  const created = context && typeof context === "object" ? createdInRequest.get(context) : undefined;
  if (created) return created;
  return basketIdFromCookies(request.headers.get("Cookie"));
}

/** The basket id in a Cookie header, if it is well formed. */
export async function basketIdFromCookies(header: string | null | undefined): Promise<string | null> {
  const value: unknown = await basketCookie().parse(header ?? null);
  return typeof value === "string" && BASKET_ID.test(value) ? value : null;
}

export async function getBasketLines(request: Request, context?: unknown): Promise<BasketLine[]> {
  const id = await readBasketId(request, context);
  if (!id) return [];
  const db = await getDb();
  const [row] = await db.select({ lines: baskets.lines }).from(baskets).where(eq(baskets.id, id));
  return row?.lines ?? [];
}

/** The header badge: the number of basket lines (spec section 4, "Cart"). */
export async function getBasketCount(request: Request, context?: unknown): Promise<number> {
  const id = await readBasketId(request, context);
  return id ? countBasketLines(id) : 0;
}

/*
 * Every page shows the badge, so its count is asked for in batches: the baskets asked for in
 * one turn of the event loop are counted by one query (each asked after its request arrived,
 * so none is out of date).
 */
type Waiting = Map<string, { resolve: (n: number) => void; reject: (error: unknown) => void }[]>;
let batch: Waiting | undefined;

export function countBasketLines(id: string): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      const current = (batch = new Map());
      setImmediate(() => {
        batch = undefined;
        countBatch(current).catch(() => {});
      });
    }
    const waiting = batch.get(id) ?? [];
    waiting.push({ resolve, reject });
    batch.set(id, waiting);
  });
}

async function countBatch(waiting: Waiting) {
  try {
    const db = await getDb();
    const rows = await db
      .select({ id: baskets.id, count: sql<number>`jsonb_array_length(${baskets.lines})::int` })
      .from(baskets)
      .where(inArray(baskets.id, [...waiting.keys()]));
    const counts = new Map(rows.map((row) => [row.id, Number(row.count)]));
    for (const [id, callers] of waiting) for (const caller of callers) caller.resolve(counts.get(id) ?? 0);
  } catch (error) {
    for (const callers of waiting.values()) for (const caller of callers) caller.reject(error);
  }
}

export type AppendResult =
  | { ok: true; count: number; headers: Record<string, string> }
  | { ok: false; error: string };

/** Appends lines in one statement (two tabs adding at once both land); creates the basket if needed. */
export async function appendBasketLines(request: Request, lines: BasketLine[], context?: unknown): Promise<AppendResult> {
  const db = await getDb();
  const id = await readBasketId(request);
  if (id) {
    const [row] = await db
      .update(baskets)
      .set({ lines: sql`${baskets.lines} || ${JSON.stringify(lines)}::jsonb`, updatedAt: new Date() })
      .where(sql`${baskets.id} = ${id} and jsonb_array_length(${baskets.lines}) + ${lines.length} <= ${MAX_BASKET_LINES}`)
      .returning({ lines: baskets.lines });
    if (row) return { ok: true, count: row.lines.length, headers: {} };
    const [exists] = await db.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, id));
    if (exists) return { ok: false, error: `Su carrito ya tiene el máximo de ${MAX_BASKET_LINES} líneas.` };
  }
  const newId = randomUUID();
  await db.insert(baskets).values({ id: newId, lines });
  if (context && typeof context === "object") createdInRequest.set(context, newId);
  return { ok: true, count: lines.length, headers: { "Set-Cookie": await basketCookie().serialize(newId) } };
}

/** The database or a transaction: what the basket operations below run on. */
type Executor = Pick<Database, "select" | "update">;

/** Reads a basket's lines and locks its row until the transaction ends (orders, removals). */
export async function lockBasketLines(tx: Executor, basketId: string): Promise<BasketLine[] | null> {
  const [row] = await tx.select({ lines: baskets.lines }).from(baskets).where(eq(baskets.id, basketId)).for("update");
  return row ? row.lines : null;
}

/** Replaces a basket's lines (the order transaction empties it with []). */
export async function replaceBasketLines(tx: Executor, basketId: string, lines: BasketLine[]): Promise<void> {
  await tx.update(baskets).set({ lines, updatedAt: new Date() }).where(eq(baskets.id, basketId));
}

/**
 * Applies a basket rule to the visitor's basket in one transaction, so that an add from
 * another tab is neither lost nor undone; returns the number of lines left.
 */
async function changeBasket(request: Request, change: (lines: BasketLine[]) => BasketLine[], context?: unknown): Promise<number> {
  const id = await readBasketId(request, context);
  if (!id) return 0;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const lines = await lockBasketLines(tx, id);
    if (!lines) return 0;
    const next = change(lines);
    if (next !== lines) await replaceBasketLines(tx, id, next);
    return next.length;
  });
}

/** Removes the first line of that family and id, and the family's installation with its last product (spec section 4). */
export function removeBasketLine(request: Request, familia: BasketLine["familia"], lineId: number, context?: unknown) {
  return changeBasket(request, (lines) => removeLine(lines, familia, lineId), context);
}

/** "Vaciar": the basket keeps its id and cookie, with no lines. */
export function emptyBasket(request: Request, context?: unknown) {
  return changeBasket(request, (lines) => (lines.length === 0 ? lines : []), context);
}
