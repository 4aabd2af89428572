import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { detailHref } from "~/domain/catalogue/product";
import { worstDeliveryState } from "~/domain/quotes/delivery-view";
import { containsPattern, INBOX_PAGE_SIZE, type InboxQuery } from "~/domain/quotes/quote-inbox";
import type { RequestState } from "~/domain/quotes/request-state";
import { audit, changedFields, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { contactRequests, products } from "../db/schema.server";
import { deliveriesOf } from "./quote-deliveries.server";

/*
 * The quote-request inbox (issue 11): newest first, paged on the server, searched in the
 * name, e-mail, phone, town and message. A plain ILIKE: the requests are deleted after a year
 * (the privacy policy), so the table stays in the thousands.
 */

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const r = contactRequests;
  const conditions = [ilike(r.nameAndSurname, pattern), ilike(r.email, pattern), ilike(r.phone, pattern), ilike(r.town, pattern), ilike(r.message, pattern)];
  // "600123456" finds "600 12 34 56": phones are typed with and without spaces.
  const digits = q.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s+().-]+$/.test(q)) {
    conditions.push(sql`regexp_replace(${r.phone}, '\\D', '', 'g') like ${`%${digits}%`}`);
  }
  // "#12" or "12": the request's number, as the card and the e-mail show it.
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  if (number) conditions.push(eq(r.id, Number(number)));
  return or(...conditions);
}

export async function listQuoteRequests(db: Database, query: InboxQuery) {
  const where = and(searchCondition(query.q), query.state ? eq(contactRequests.state, query.state) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contactRequests).where(where);
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: contactRequests.id,
      createdAt: contactRequests.createdAt,
      name: contactRequests.nameAndSurname,
      phone: contactRequests.phone,
      email: contactRequests.email,
      town: contactRequests.town,
      state: contactRequests.state,
      product: sql<string | null>`${products.brand} || ' ' || ${products.model}`,
    })
    .from(contactRequests)
    .leftJoin(products, eq(products.id, contactRequests.productId))
    .where(where)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const deliveries = await deliveriesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, delivery: worstDeliveryState((deliveries.get(row.id) ?? []).map((d) => d.state)) })),
    total,
    page,
    pageCount,
  };
}

export async function getQuoteRequest(db: Database, id: number) {
  const [row] = await db
    .select({
      request: contactRequests,
      product: { id: products.id, family: products.family, brand: products.brand, model: products.model },
    })
    .from(contactRequests)
    .leftJoin(products, eq(products.id, contactRequests.productId))
    .where(eq(contactRequests.id, id));
  if (!row) return null;
  const deliveries = (await deliveriesOf(db, [id])).get(id) ?? [];
  const product = row.product?.id
    ? { ...row.product, name: `${row.product.brand} ${row.product.model}`, shopHref: detailHref(row.product) }
    : null;
  return { ...row.request, product, deliveries };
}

type Change = { state: RequestState } | { internalNotes: string };

/** Changes the state or the notes, with its line in the audit log; false when the request is gone. */
export async function updateQuoteRequest(db: Database, actor: Actor, id: number, change: Change): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: contactRequests.state, internalNotes: contactRequests.internalNotes })
      .from(contactRequests)
      .where(eq(contactRequests.id, id))
      .for("update");
    if (!before) return false;
    const diff = changedFields(before, change);
    if (Object.keys(diff.after).length === 0) return true;
    await tx.update(contactRequests).set({ ...change, updatedAt: new Date() }).where(eq(contactRequests.id, id));
    const action = "state" in change ? "cambiar estado" : "editar notas";
    await audit(tx, actor, { action, entity: "solicitud", entityId: id, ...diff });
    return true;
  });
}
