import { count, desc, eq } from "drizzle-orm";
import { madridDay, madridInstant } from "~/domain/dates/madrid-dates";
import { canMoveWithdrawal, type WithdrawalHandling } from "~/domain/orders/withdrawal-state";
import { WITHDRAWALS_PAGE_SIZE, type HandlingLimits, type WithdrawalQuery } from "~/domain/orders/withdrawal-handling";
import { audit, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { orders, withdrawals } from "./orders-schema.server";
import { personName } from "~/domain/orders/my-orders";

/*
 * The back office's side of withdrawals (issue 11): the list, one withdrawal with its order,
 * and the steps after "recibido". The customer's side (the request itself) is
 * app/server/orders/withdrawal.server.ts.
 */

const columns = {
  id: withdrawals.id,
  createdAt: withdrawals.createdAt,
  state: withdrawals.state,
  reason: withdrawals.reason,
  userEmail: withdrawals.userEmail,
  goodsReturnedAt: withdrawals.goodsReturnedAt,
  refundedAt: withdrawals.refundedAt,
  refundCents: withdrawals.refundCents,
  orderId: orders.id,
  orderNumber: orders.number,
  orderStatus: orders.status,
  orderAmountCents: orders.amountCents,
  billing: orders.addressBill,
};

export type WithdrawalRow = Omit<Awaited<ReturnType<typeof selectRows>>[number], "billing"> & { customerName: string };

function selectRows(db: Database) {
  return db.select(columns).from(withdrawals).innerJoin(orders, eq(orders.id, withdrawals.orderId));
}

function withName({ billing, ...row }: Awaited<ReturnType<typeof selectRows>>[number]): WithdrawalRow {
  const name = personName(billing);
  return { ...row, customerName: billing.empresa ? `${name} (${billing.empresa})` : name };
}

export async function listWithdrawals(db: Database, query: WithdrawalQuery) {
  const where = query.state ? eq(withdrawals.state, query.state) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(withdrawals).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / WITHDRAWALS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(WITHDRAWALS_PAGE_SIZE)
    .offset((page - 1) * WITHDRAWALS_PAGE_SIZE);
  return { rows: rows.map(withName), total, page, pageCount };
}

export async function getWithdrawal(db: Database, id: number): Promise<WithdrawalRow | null> {
  const [row] = await selectRows(db).where(eq(withdrawals.id, id)).limit(1);
  return row ? withName(row) : null;
}

/** The withdrawal of an order, if the customer asked for one (the order page's summary). */
export async function withdrawalOfOrder(db: Database, orderId: number): Promise<WithdrawalRow | null> {
  const [row] = await selectRows(db).where(eq(withdrawals.orderId, orderId)).limit(1);
  return row ? withName(row) : null;
}

/** What the forms are checked against; the request's day and the amount never change. */
export function handlingLimits(row: Pick<WithdrawalRow, "createdAt" | "orderAmountCents">, now = new Date()): HandlingLimits {
  return { requestedDay: madridDay(row.createdAt), today: madridDay(now), orderAmountCents: row.orderAmountCents };
}

export type StepResult = { ok: true } | { ok: false; reason: "not-found" | "changed"; state?: WithdrawalHandling };

/**
 * Moves the withdrawal to `to` with what was recorded, if its state (read under a row lock)
 * still allows it: of two administrators at once, the second is told it changed. Inside the
 * caller's transaction, so a refund that closes a withdrawal commits with it or not at all.
 */
export async function moveWithdrawal(
  tx: Transaction,
  actor: Actor,
  id: number,
  to: WithdrawalHandling,
  set: Partial<typeof withdrawals.$inferInsert>,
  action: string,
): Promise<StepResult> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update").limit(1);
  if (!row) return { ok: false, reason: "not-found" };
  if (!canMoveWithdrawal(row.state, to)) return { ok: false, reason: "changed", state: row.state };
  const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, row.orderId));
  await tx.update(withdrawals).set({ ...set, state: to, updatedAt: new Date() }).where(eq(withdrawals.id, id));
  const before: Record<string, unknown> = { state: row.state };
  const after: Record<string, unknown> = { state: to, pedido: order?.number };
  for (const [key, value] of Object.entries(set)) {
    before[key] = (row as Record<string, unknown>)[key] ?? null;
    after[key] = value instanceof Date ? madridDay(value) : value;
  }
  await audit(tx, actor, { action, entity: "desistimiento", entityId: id, before, after });
  return { ok: true };
}

export function recordGoodsReturned(db: Database, actor: Actor, id: number, day: string): Promise<StepResult> {
  return db.transaction((tx) => moveWithdrawal(tx, actor, id, "devuelto", { goodsReturnedAt: madridInstant(day) }, "mercancía devuelta"));
}

/**
 * The last step, "reembolsado", is taken by the refund itself (app/server/payments/
 * refunds.server.ts), in the refund's transaction: a withdrawal is closed by money that went
 * back, never by a date and an amount typed alone.
 */
export function closeWithdrawalByRefund(tx: Transaction, actor: Actor, id: number, refund: { refundedAt: Date; refundCents: number }): Promise<StepResult> {
  return moveWithdrawal(tx, actor, id, "reembolsado", { refundedAt: refund.refundedAt, refundCents: refund.refundCents }, "reembolso");
}
