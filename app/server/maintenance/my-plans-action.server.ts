import { data } from "react-router";
import { z } from "zod";
import { madridDay } from "~/domain/dates/madrid-dates";
import { fieldErrors } from "~/domain/fields/field-errors";
import { unitFormSchema } from "~/domain/maintenance/unit-form";
import { mandateFormSchema } from "~/domain/payments/sepa-mandate-form";
import { clientAddress } from "../rate-limit.server";
import { payByTransfer, signMandate } from "./plan-mandates.server";
import type { PlanReply } from "~/domain/maintenance/my-plan";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { requireUser } from "../session.server";
import { MY_PLAN_MESSAGES } from "~/domain/maintenance/my-plan";
import { cancelMyPlan, declareMyUnit, familyOfMyPlan, setMyGasInspection } from "./my-plans.server";
import { GAS_INSPECTION_MESSAGE, isGasInspectionDay } from "~/domain/maintenance/gas-inspection";

/*
 * Mis equipos' plan forms (issue 31): «Sí, cancelar el plan», «Guardar el equipo», the direct
 * debit's mandate and back to transfers, and the day of the last gas inspection. Only the
 * signed-in customer's own plans, by a verified e-mail (the loader's rule); anything else is the
 * same "not found" as a plan that does not exist.
 */

const intentSchema = z.object({ intent: z.enum(["cancelar-plan", "declarar-equipo", "domiciliar", "transferencia", "inspeccion-gas"]), plan: z.coerce.number().int().positive() });

/** The body is read first, as every action does: an oversized or non-form one is 413/415 before the sign-in's redirect. */
export async function myPlansAction(request: Request) {
  const form = await readForm(request, { maxBytes: 8_000 });
  const user = await requireUser(request);
  const values = Object.fromEntries([...form].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  const parsed = intentSchema.safeParse(values);
  if (!parsed.success) return data<PlanReply>({ ok: false, planId: 0, message: "Esa acción no existe." }, { status: 400 });
  const { intent, plan: planId } = parsed.data;
  if (!user.emailVerified) return data<PlanReply>({ ok: false, planId, message: MY_PLAN_MESSAGES.notFound }, { status: 404 });
  const db = await getDb();
  if (intent === "domiciliar") {
    const mandate = mandateFormSchema.safeParse(values);
    if (!mandate.success) return data<PlanReply>({ ok: false, planId, message: "Revise los datos marcados.", errors: fieldErrors(mandate.error), values: { ...values, intent } }, { status: 400 });
    const result = await signMandate(db, user.email, planId, mandate.data, { ip: clientAddress(request), userAgent: request.headers.get("user-agent") ?? "" });
    return data<PlanReply>({ ok: result.ok, planId, message: result.message }, { status: result.ok ? 200 : result.status });
  }
  if (intent === "transferencia") {
    const result = await payByTransfer(db, user.email, planId);
    return data<PlanReply>({ ok: result.ok, planId, message: result.message }, { status: result.ok ? 200 : result.status });
  }
  if (intent === "inspeccion-gas") {
    const day = (values.ultima ?? "").trim();
    if (!isGasInspectionDay(day, madridDay(new Date()))) {
      return data<PlanReply>({ ok: false, planId, message: "Revise los datos marcados.", errors: { ultima: GAS_INSPECTION_MESSAGE }, values: { ...values, intent } }, { status: 400 });
    }
    const result = await setMyGasInspection(db, user.email, planId, day);
    return data<PlanReply>({ ok: result.ok, planId, message: result.message }, { status: result.ok ? 200 : result.status });
  }
  if (intent === "cancelar-plan") {
    const result = await cancelMyPlan(db, user.email, planId, (values.motivo ?? "").slice(0, 200));
    return data<PlanReply>({ ok: result.ok, planId, message: result.message }, { status: result.ok ? 200 : result.status });
  }
  const family = await familyOfMyPlan(db, user.email, planId);
  if (!family) return data<PlanReply>({ ok: false, planId, message: MY_PLAN_MESSAGES.notFound }, { status: 404 });
  const unit = unitFormSchema(family, madridDay(new Date())).safeParse(values);
  if (!unit.success) return data<PlanReply>({ ok: false, planId, message: "Revise los datos marcados.", errors: fieldErrors(unit.error), values }, { status: 400 });
  const result = await declareMyUnit(db, user.email, planId, unit.data);
  return data<PlanReply>({ ok: result.ok, planId, message: result.message }, { status: result.ok ? 200 : result.status });
}
