import { data, redirect } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { JOB_REFUND_FIELD, parseRedsysRefund, parseSettle, parseTransferRefund, type RefundIntent } from "~/domain/payments/refund-form";
import type { Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { jobRefundViews, recordChargeTransferRefund, refundChargeThroughRedsys, settleChargeRefund } from "./job-refunds.server";
import type { RefundReply } from "./refund-action.server";
import type { RefundResult } from "./refund-flow.server";

/*
 * The refund forms of a job's page in the back office (issue 31), one panel per charge that
 * took money: the same forms and answers as an order's (refund-action.server.ts), each with
 * the charge's id in `cobro`. A charge that is not the job's is a 404. A refund recorded
 * redirects to the page (?reembolso=<id>#devoluciones), so a reload never posts it twice.
 */

const reply = (intent: RefundIntent, errors: RefundReply["errors"], values: Record<string, string>, status: number) => data<RefundReply>({ intent, errors, values }, { status });

export async function jobRefundAction(db: Database, actor: Actor, jobId: number, intent: RefundIntent, values: Record<string, string>) {
  const chargeId = /^[1-9]\d{0,9}$/.test(values[JOB_REFUND_FIELD] ?? "") ? Number(values[JOB_REFUND_FIELD]) : 0;
  const panel = (await jobRefundViews(db, jobId)).find((candidate) => candidate.chargeId === chargeId);
  if (!panel) throw data(null, { status: 404 });

  let result: RefundResult;
  if (intent === "reembolso-redsys") {
    const parsed = parseRedsysRefund(values);
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await refundChargeThroughRedsys(db, actor, jobId, chargeId, parsed.value);
  } else if (intent === "reembolso-transferencia") {
    const parsed = parseTransferRefund(values, { orderDay: panel.view.orderDay, today: madridDay(new Date()), firstIs: "al pago" });
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await recordChargeTransferRefund(db, actor, jobId, chargeId, parsed.value);
  } else {
    const parsed = parseSettle(values);
    if (!parsed.ok) return reply(intent, parsed.errors, values, 400);
    result = await settleChargeRefund(db, actor, jobId, parsed.value.refundId, parsed.value.done);
  }
  if (!result.ok) {
    if (result.status === 404 && result.field !== "reembolso") throw data(null, { status: 404 });
    return reply(intent, { [result.field ?? "form"]: result.message }, values, result.status);
  }
  throw redirect(`/admin/trabajos/${jobId}?reembolso=${result.refundId}#devoluciones`);
}
