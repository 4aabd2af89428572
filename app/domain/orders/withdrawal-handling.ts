import { z } from "zod";
import { listQuery } from "../page-numbers";
import { formatDate, formatDateTime, formatYmd, isYmd } from "../dates/madrid-dates";
import { WITHDRAWAL_STATES, type WithdrawalHandling } from "./withdrawal-state";

/*
 * Handling a withdrawal in the back office (issue 11): the list's URL (?estado=, ?pagina=)
 * and the form "goods returned" (a Madrid day "YYYY-MM-DD", between the day the customer
 * asked and today). The refund that closes it is one of the order's refunds (issue 12,
 * app/server/payments/refunds.server.ts).
 */

export const WITHDRAWALS_PAGE_SIZE = 25;

export type WithdrawalQuery = { state: WithdrawalHandling | null; page: number };

export function parseWithdrawalQuery(params: URLSearchParams): WithdrawalQuery {
  const state = z.enum(WITHDRAWAL_STATES).safeParse(params.get("estado"));
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { state: state.success ? state.data : null, page: page.success ? page.data : 1 };
}

export function withdrawalsHref(query: WithdrawalQuery, page = query.page): string {
  return `/admin/desistimientos${listQuery({ estado: query.state }, page)}`;
}

/** What the forms are checked against: the request's day, today, the order's amount. */
export type HandlingLimits = { requestedDay: string; today: string; orderAmountCents: number };

export type FieldErrors = Partial<Record<"date" | "form", string>>;

function checkDay(value: unknown, limits: HandlingLimits, what: string): { day?: string; error?: string } {
  const day = typeof value === "string" ? value.trim() : "";
  if (!isYmd(day)) return { error: `Indique la fecha ${what} (día, mes y año).` };
  if (day > limits.today) return { error: `La fecha ${what} no puede ser posterior a hoy.` };
  if (day < limits.requestedDay) {
    return { error: `La fecha ${what} no puede ser anterior a la solicitud de desistimiento (${formatYmd(limits.requestedDay)}).` };
  }
  return { day };
}

export type GoodsReturned = { goodsReturnedOn: string };

export function readGoodsReturned(form: { date: unknown }, limits: HandlingLimits): { ok: true; value: GoodsReturned } | { ok: false; errors: FieldErrors } {
  const date = checkDay(form.date, limits, "de devolución");
  return date.day ? { ok: true, value: { goodsReturnedOn: date.day } } : { ok: false, errors: { date: date.error } };
}

/** A withdrawal as pages print it (the list, its page, the order page's summary). */
export type WithdrawalView = {
  id: number;
  requestedAt: string;
  state: WithdrawalHandling;
  reason: string;
  goodsReturnedOn: string | null;
  refundedOn: string | null;
  refundCents: number | null;
};

export function withdrawalView(row: {
  id: number;
  createdAt: Date;
  state: WithdrawalHandling;
  reason: string;
  goodsReturnedAt: Date | null;
  refundedAt: Date | null;
  refundCents: number | null;
}): WithdrawalView {
  return {
    id: row.id,
    requestedAt: formatDateTime(row.createdAt),
    state: row.state,
    reason: row.reason,
    goodsReturnedOn: row.goodsReturnedAt ? formatDate(row.goodsReturnedAt) : null,
    refundedOn: row.refundedAt ? formatDate(row.refundedAt) : null,
    refundCents: row.refundCents,
  };
}

export type WithdrawalIntent = "returned" | "refund";

/** What a withdrawal page's action answers; `values` puts back what was typed. */
export type WithdrawalReply =
  | { ok: true; intent: WithdrawalIntent; message: string }
  | { ok: false; intent: WithdrawalIntent | null; errors: FieldErrors; values?: Record<string, string> };
