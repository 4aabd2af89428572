import { and, eq, ne, sql } from "drizzle-orm";
import type { ProductFormErrors, ProductInput } from "~/domain/catalogue/product-form";
import { demoPictures, renameDemoPictures } from "~/domain/catalogue/product-identity";
import { audit, changedFields, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { products, type Product } from "../db/schema.server";

/*
 * Creating and editing a product from the back office (issue 11). Each change is one
 * transaction with its audit row, so nothing is half-saved. updated_at moves to now() (the
 * sitemap's lastmod). The shop reads products from the database on every request
 * (app/server/catalogue/catalogue.server.ts), so every instance shows a change at once; baskets hold
 * product ids and are priced from the rows when shown.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The row's version for optimistic concurrency: updated_at in microseconds, as text. A JS Date
 * keeps milliseconds only, so the form carries this instead of the timestamp.
 */
export const productVersion = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

export type EditableProduct = Product & { version: string };

export async function readEditableProduct(db: Database | Tx, id: number, lock = false): Promise<EditableProduct | null> {
  const query = db.select({ row: products, version: productVersion }).from(products).where(eq(products.id, id));
  const [found] = lock ? await query.for("update") : await query;
  return found ? { ...found.row, version: found.version } : null;
}

export const SLUG_TAKEN = "Ya hay otro producto con esta dirección (slug). Escriba otra.";
export const PRODUCT_CHANGED =
  "Otra persona ha cambiado este producto mientras usted lo editaba. Sus cambios no se han guardado: vuelva a cargar la página para ver los datos actuales.";

export type SaveResult =
  | { kind: "saved"; id: number }
  | { kind: "invalid"; errors: ProductFormErrors }
  | { kind: "conflict"; message: string }
  | { kind: "missing" };

async function slugTaken(tx: Tx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(exceptId === undefined ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, exceptId)));
  return row !== undefined;
}

/** Two saves of one slug at once: the unique index refuses the later one. */
function isSlugViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && (!constraint || constraint === "products_slug_unique")) return true;
  }
  return false;
}

async function saving(work: () => Promise<SaveResult>): Promise<SaveResult> {
  try {
    return await work();
  } catch (error) {
    if (isSlugViolation(error)) return { kind: "invalid", errors: { slug: SLUG_TAKEN } };
    throw error;
  }
}

/** A new product, shown with its family's drawn pictures until photos are uploaded. */
export function createProduct(db: Database, actor: Actor, input: ProductInput): Promise<SaveResult> {
  return saving(() =>
    db.transaction(async (tx) => {
      if (await slugTaken(tx, input.slug)) return { kind: "invalid", errors: { slug: SLUG_TAKEN } };
      const [row] = await tx
        .insert(products)
        .values({ ...input, ...demoPictures(input.slug) })
        .returning({ id: products.id });
      if (!row) throw new Error("el producto no se ha creado");
      await audit(tx, actor, { action: "creó el producto", entity: "producto", entityId: row.id, before: null, after: input });
      return { kind: "saved", id: row.id };
    }),
  );
}

/** The form's fields over the stored row, if nobody changed it since `version` was read. */
export function updateProduct(db: Database, actor: Actor, id: number, version: string, input: ProductInput): Promise<SaveResult> {
  return saving(() =>
    db.transaction(async (tx): Promise<SaveResult> => {
      const current = await readEditableProduct(tx, id, true);
      if (!current) return { kind: "missing" };
      if (current.version !== version) return { kind: "conflict", message: PRODUCT_CHANGED };
      // The family stays: basket and order lines, and the shop's address, carry it with the id.
      const next = { ...input, family: current.family };
      if (next.slug !== current.slug && (await slugTaken(tx, next.slug, id))) {
        return { kind: "invalid", errors: { slug: SLUG_TAKEN } };
      }
      const pictures = renameDemoPictures(current, current.slug, next.slug);
      const { before, after } = changedFields<Record<string, unknown>>(current, { ...next, ...pictures });
      if (Object.keys(after).length === 0) return { kind: "saved", id };
      await tx
        .update(products)
        .set({ ...next, ...pictures, updatedAt: sql`now()` })
        .where(eq(products.id, id));
      await audit(tx, actor, { action: "editó el producto", entity: "producto", entityId: id, before, after });
      return { kind: "saved", id };
    }),
  );
}

/** Shows or hides the product in the shop; nothing is written when it already is so. */
export async function setProductVisible(db: Database, actor: Actor, id: number, visible: boolean): Promise<"saved" | "missing"> {
  const result = await db.transaction(async (tx) => {
    const current = await readEditableProduct(tx, id, true);
    if (!current) return "missing" as const;
    if (current.active === visible) return "saved" as const;
    await tx.update(products).set({ active: visible, updatedAt: sql`now()` }).where(eq(products.id, id));
    await audit(tx, actor, {
      action: visible ? "mostró el producto en la tienda" : "ocultó el producto de la tienda",
      entity: "producto",
      entityId: id,
      before: { active: current.active },
      after: { active: visible },
    });
    return "saved" as const;
  });
  return result;
}
