import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { detailHref } from "~/domain/catalogue/product";
import { DAY_MS, RETENTION } from "~/domain/site/retention";
import { alreadyActiveEmail, backInStockEmail, confirmationEmail } from "~/domain/stock-alerts/alert-emails";
import { publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { outbox, products, stockAlerts } from "../db/schema.server";
import type { MailMessage } from "../mail.server";
import { enqueue, type OutboxEntry } from "../outbox.server";
import { hitRateLimit } from "../rate-limit.server";

/*
 * Back-in-stock alerts (issue 15): a visitor's request, confirmed by e-mail (double opt-in),
 * withdrawn by a link, closed once the product can be bought again. The closing and the
 * queueing of the notice happen in the database, in the transaction that changes the product
 * (the trigger of drizzle/0014_stock_alert_notices.sql, which says why); this module writes
 * the notice's text when the outbox sends it.
 *
 * Locks are always taken product first, then request (as the trigger does, holding the
 * product's row while it updates the requests), so a confirmation and a stock change never
 * deadlock, and one of them always sees the other.
 */

/** The outbox kind of the one notice per request; its payload is `{ alertId }`. */
export const STOCK_ALERT_NOTICE_KIND = "stock_alert_notice";

/** The outbox `ref` of a request's e-mails, so the retention purge finds them. */
export const alertRef = (id: number) => `stock-alert:${id}`;

type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

export type AlertProduct = {
  id: number;
  family: (typeof products.$inferSelect)["family"];
  brand: string;
  model: string;
  priceCents: number;
  stock: number;
  active: boolean;
};

const productColumns = {
  id: products.id,
  family: products.family,
  brand: products.brand,
  model: products.model,
  priceCents: products.priceCents,
  stock: products.stock,
  active: products.active,
};

export const productName = (p: Pick<AlertProduct, "brand" | "model">) => `${p.brand} ${p.model}`;
export const isAvailable = (p: Pick<AlertProduct, "stock" | "active">) => p.active && p.stock > 0;

export async function findAlertProduct(db: Executor, id: number, lock?: "share"): Promise<AlertProduct | undefined> {
  const query = db.select(productColumns).from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for("share") : await query;
  return row;
}

/** 32 random bytes: the link is the only key to the request, so it must not be guessable. */
const newToken = () => randomBytes(32).toString("base64url");

/**
 * Re-sends per address: at most this many e-mails about alerts in the limit's window, whoever
 * asks (an address typed by someone else must not be flooded). Keyed by a hash, so the
 * address itself is not kept in the rate-limit table.
 */
const PER_ADDRESS = { prefix: "aviso-correo", max: 3, windowMs: 10 * 60_000 };
const addressKey = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("base64url");

export type SubscribeResult = "sent" | "quiet";

/**
 * Records the request (one open request per product and address: asking again re-sends the
 * confirmation, or says the alert is already on) and queues its e-mail in the same
 * transaction. The caller gives the visitor the same answer whatever happened here.
 */
export async function subscribe(db: Database, product: AlertProduct, email: string): Promise<SubscribeResult> {
  if (!(await hitRateLimit(db, PER_ADDRESS, addressKey(email)))) return "quiet";
  const shop = publicShopInfo();
  const facts = { name: productName(product), href: detailHref(product) };
  return db.transaction(async (tx) => {
    // The conflict target names the partial unique index (stock_alerts_open_unique).
    const inserted = await tx.execute(sql`
      insert into ${stockAlerts} (product_id, email, token)
      values (${product.id}, ${email}, ${newToken()})
      on conflict (product_id, lower(email)) where state in ('pendiente', 'confirmado') do nothing
      returning id, token, state`);
    let row = inserted.rows[0] as { id: number; token: string; state: string } | undefined;
    if (!row) {
      const [open] = await tx
        .select({ id: stockAlerts.id, token: stockAlerts.token, state: stockAlerts.state })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.productId, product.id), sql`lower(${stockAlerts.email}) = lower(${email})`, inArray(stockAlerts.state, ["pendiente", "confirmado"])));
      // Closed between the conflict and this read (confirmed and notified at that instant): nothing open to mail about.
      if (!open) return "quiet";
      row = open;
      // A newer consent: the one the visitor just gave, with the wording of today's form.
      await tx.update(stockAlerts).set({ consentAt: new Date() }).where(eq(stockAlerts.id, row.id));
    }
    const alert = { email, token: row.token };
    const mail = row.state === "confirmado" ? alreadyActiveEmail(shop, alert, facts) : confirmationEmail(shop, alert, facts);
    await enqueue(tx, "email", mail, { ref: alertRef(row.id) });
    return "sent";
  });
}

export type AlertLink = {
  id: number;
  state: (typeof stockAlerts.$inferSelect)["state"];
  product: AlertProduct;
};

export async function findAlertByToken(db: Database, token: string): Promise<AlertLink | undefined> {
  const [row] = await db
    .select({ id: stockAlerts.id, state: stockAlerts.state, product: productColumns })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.token, token));
  return row;
}

export type ConfirmResult = "confirmed" | "notified" | "already" | "closed" | "missing";

/**
 * The button of the confirmation link. A product already back on sale gets its notice at
 * once (the trigger only fires on the change, which has happened): closed and queued here.
 */
export async function confirmAlert(db: Database, token: string): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ productId: stockAlerts.productId }).from(stockAlerts).where(eq(stockAlerts.token, token));
    if (!found) return "missing";
    // Product first (shared lock: a stock change waits for this commit, or this waits for it).
    const product = await findAlertProduct(tx, found.productId, "share");
    const [alert] = await tx.select({ id: stockAlerts.id, state: stockAlerts.state }).from(stockAlerts).where(eq(stockAlerts.token, token)).for("update");
    if (!alert || !product) return "missing";
    if (alert.state === "confirmado") return "already";
    if (alert.state !== "pendiente") return "closed";
    const now = new Date();
    if (isAvailable(product)) {
      await tx.update(stockAlerts).set({ state: "avisado", confirmedAt: now, notifiedAt: now }).where(eq(stockAlerts.id, alert.id));
      await enqueue(tx, STOCK_ALERT_NOTICE_KIND, { alertId: alert.id }, { ref: alertRef(alert.id) });
      return "notified";
    }
    await tx.update(stockAlerts).set({ state: "confirmado", confirmedAt: now }).where(eq(stockAlerts.id, alert.id));
    return "confirmed";
  });
}

export type WithdrawResult = "withdrawn" | "closed" | "missing";

/** The button of the withdrawal link: pending or confirmed, the request is closed for good. */
export async function withdrawAlert(db: Database, token: string): Promise<WithdrawResult> {
  const rows = await db
    .update(stockAlerts)
    .set({ state: "retirado", withdrawnAt: new Date() })
    .where(and(eq(stockAlerts.token, token), inArray(stockAlerts.state, ["pendiente", "confirmado"])))
    .returning({ id: stockAlerts.id });
  if (rows.length > 0) return "withdrawn";
  const [exists] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(eq(stockAlerts.token, token));
  return exists ? "closed" : "missing";
}

/** Confirmed requests still waiting for their product, per product (the back office). */
export async function waitingAlertCounts(db: Database, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: stockAlerts.productId, n: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, [...productIds]), eq(stockAlerts.state, "confirmado")))
    .groupBy(stockAlerts.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.n)]));
}

/**
 * The notice's e-mail, written when the outbox sends it (the trigger only queues the request's
 * id). Null when the request is gone (its product deleted): nothing to send.
 */
export async function backInStockMail(db: Database, entry: OutboxEntry): Promise<MailMessage | null> {
  const alertId = Number((entry.payload as { alertId?: unknown }).alertId);
  if (!Number.isInteger(alertId)) return null;
  const [row] = await db
    .select({ email: stockAlerts.email, product: productColumns })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.id, alertId));
  if (!row) return null;
  const product = { name: productName(row.product), href: detailHref(row.product), priceCents: row.product.priceCents };
  return backInStockEmail(publicShopInfo(), row, product);
}

/**
 * The privacy policy's periods (~/domain/retention): requests nobody confirmed, confirmed ones
 * whose product never came back, and closed ones after a short while; with the outbox entries
 * that still name them (their e-mails hold the address).
 */
export async function purgeStockAlerts(db: Database, now = new Date()): Promise<string> {
  const before = (days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const gone = await tx.execute(sql`
      delete from ${stockAlerts}
       where (state = 'pendiente' and created_at < ${before(RETENTION.pendingStockAlertDays)})
          or (state = 'confirmado' and confirmed_at < ${before(RETENTION.waitingStockAlertDays)})
          or (state = 'avisado' and notified_at < ${before(RETENTION.closedStockAlertDays)})
          or (state = 'retirado' and withdrawn_at < ${before(RETENTION.closedStockAlertDays)})
      returning id, state`);
    const rows = gone.rows as { id: number; state: string }[];
    if (rows.length > 0) {
      const refs = rows.map((row) => alertRef(row.id));
      await tx.delete(outbox).where(inArray(outbox.ref, refs));
    }
    const pending = rows.filter((row) => row.state === "pendiente").length;
    return `avisos de disponibilidad borrados: ${pending} sin confirmar en ${RETENTION.pendingStockAlertDays} días, ${rows.length - pending} cerrados o caducados`;
  });
}
