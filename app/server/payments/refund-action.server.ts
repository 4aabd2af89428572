import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { parseRedsysRefund, parseSettle, parseTransferRefund, type RefundFormErrors, type RefundIntent } from "~/domain/payments/refund-form";
import type { Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { recordTransferRefund, refundThroughRedsys, settleUnknownRefund, type RefundResult } from "./refunds.server";

/*
 * The refund forms of the back office's order page (issue 12), posted to its action: parsed
 * with Zod here (app/domain/payments/refund-form.ts), never in the browser. Invalid input:
 * 400 with the Spanish message next to its field and the form as typed; over the limit or a
 * state that changed: 409. A refund recorded (done, refused by Redsys, or unanswered)
 * redirects to the page (?hecho=reembolso&id=...), so a reload never posts it twice.
 */

export type RefundReply = { intent: RefundIntent; errors: RefundFormErrors; values: Record<string, string> };

export function isRefundIntent(intent: string | undefined): intent is RefundIntent {
  return intent === "reembolso-redsys" || intent === "reembolso-transferencia" || intent === "reembolso-comprobado";
}

const reply = (intent: RefundIntent, errors: RefundFormErrors, values: Record<string, string>, status: number) =>
  data<RefundReply>({ intent, errors, values }, { status });

export async function refundAction(db: Database, actor: Actor, orderNumber: string, intent: RefundIntent, values: Record<string, string>) {
  const [order] = await db.select({ id: orders.id, number: orders.number, createdAt: orders.createdAt }).from(orders).where(eq(orders.number, orderNumber)).limit(1);
  if (!order) throw data(null, { status: 404 });
  const here = `/admin/pedidos/${encodeURIComponent(order.number)}`;

  let result: RefundResult;
  if (intent === "reembolso-redsys") {
    const parsed = parseRedsysRefund(values);
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await refundThroughRedsys(db, actor, { orderId: order.id, ...parsed.value });
  } else if (intent === "reembolso-transferencia") {
    const parsed = parseTransferRefund(values, { orderDay: madridDay(order.createdAt), today: madridDay(new Date()) });
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await recordTransferRefund(db, actor, { orderId: order.id, ...parsed.value });
  } else {
    const parsed = parseSettle(values);
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await settleUnknownRefund(db, actor, parsed.value.refundId, parsed.value.done, { orderId: order.id });
  }
  if (!result.ok) {
    if (result.status === 404 && result.field !== "reembolso") throw data(null, { status: 404 });
    return reply(intent, { [result.field ?? "form"]: result.message }, values, result.status);
  }
  throw redirect(`${here}?hecho=reembolso&id=${result.refundId}#reembolsos`);
}
