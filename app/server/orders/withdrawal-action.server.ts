import { data } from "react-router";
import { readGoodsReturned, type FieldErrors, type WithdrawalIntent, type WithdrawalReply } from "~/domain/orders/withdrawal-handling";
import { WITHDRAWAL_STATE_LABELS } from "~/domain/orders/withdrawal-state";
import type { Admin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { getWithdrawal, handlingLimits, recordGoodsReturned, type StepResult } from "./withdrawal-handling.server";

/*
 * The form of a withdrawal's page (issue 11): "Mercancía devuelta". Invalid input answers 400
 * with the field's Spanish message; a state another administrator changed meanwhile, 409.
 * The refund that closes a withdrawal is made on the order's page (issue 12), by Redsys or
 * by a transfer recorded there, never by typing a date and an amount here.
 */

const fail = (intent: WithdrawalIntent | null, errors: FieldErrors, values?: Record<string, string>, status = 400) =>
  data<WithdrawalReply>({ ok: false, intent, errors, ...(values ? { values } : {}) }, { status });

function outcome(intent: WithdrawalIntent, result: StepResult, message: string) {
  if (result.ok) return data<WithdrawalReply>({ ok: true, intent, message });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  const now = result.state ? ` Su estado ahora es «${WITHDRAWAL_STATE_LABELS[result.state]}».` : "";
  return fail(intent, { form: `Este desistimiento ha cambiado mientras tanto y ya no admite este paso.${now}` }, undefined, 409);
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, 100) : "");

export async function withdrawalAction(request: Request, admin: Admin, idParam: string | undefined) {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const form = await readForm(request, { maxBytes: 4_000 });
  const db = await getDb();
  const row = await getWithdrawal(db, id);
  if (!row) throw data(null, { status: 404 });
  const limits = handlingLimits(row);
  const actor = { email: admin.email };
  const intent = form.get("intent");

  if (intent === "returned") {
    const values = { date: text(form.get("date")) };
    const parsed = readGoodsReturned(values, limits);
    if (!parsed.ok) return fail("returned", parsed.errors, values);
    const result = await recordGoodsReturned(db, actor, id, parsed.value.goodsReturnedOn);
    return outcome("returned", result, "Mercancía devuelta registrada.");
  }

  if (intent === "refund") {
    return fail("refund", { form: `El reembolso se hace desde la página del pedido ${row.orderNumber}, por Redsys o registrando la transferencia.` });
  }

  return fail(null, { form: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." });
}
