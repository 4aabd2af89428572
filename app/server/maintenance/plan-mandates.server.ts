import { and, eq, isNull } from "drizzle-orm";
import { maskIban } from "~/domain/payments/iban";
import { mandateWording, type MandateForm } from "~/domain/payments/sepa-mandate-form";
import { isCancellable } from "~/domain/maintenance/plans";
import { audit } from "../audit.server";
import { sepaConfig } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { mandatesById, revokeMandateRow, storeMandate } from "../payments/sepa-mandates.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { mandateSignedEmail } from "./plan-emails.server";
import { MY_PLAN_MESSAGES, type PlanActionResult } from "~/domain/maintenance/my-plan";
import { ownPlanForUpdate } from "./plan-owner.server";
import { leaveCard } from "./plan-cards.server";

/*
 * Paying a plan's renewals by SEPA direct debit (issue 31): the customer signs a mandate in
 * Mis equipos (holder, IBAN, the EPC's wording accepted), the plan renews "domiciliación"
 * from then on, and a renewal already notified but not yet in a bank file switches too. Going
 * back to transfer revokes the mandate. The customer gets a copy of the mandate by e-mail.
 */

export const MANDATE_MESSAGES_SERVER = {
  notOffered: "La domiciliación no está disponible ahora mismo: pague por transferencia o llámenos.",
  signed: (masked: string) => `Orden de domiciliación firmada: las renovaciones se cargarán en la cuenta ${masked}. Le hemos enviado una copia por correo.`,
  revoked: "Hecho: las renovaciones de este plan se pagarán por transferencia. Hemos anulado la orden de domiciliación.",
  cardLeft: "Hecho: las renovaciones de este plan se pagarán por transferencia. No cargaremos nada más en su tarjeta.",
  notDebited: "Este plan ya se paga por transferencia.",
} as const;

/** One of this e-mail's plans that still runs, its row locked. */
async function ownPlan(tx: Transaction, email: string, planId: number) {
  const plan = await ownPlanForUpdate(tx, email, planId);
  return plan && isCancellable(plan.state) ? plan : null;
}

/** A notified renewal not yet sent in a bank file nor charged to the card follows the plan's new way of paying. */
async function switchWaitingRenewal(tx: Transaction, planId: number, method: "domiciliacion" | "transferencia", now: Date) {
  await tx
    .update(planRenewals)
    .set({ method, updatedAt: now })
    .where(and(eq(planRenewals.planId, planId), eq(planRenewals.state, "pendiente"), isNull(planRenewals.sepaMessageId), isNull(planRenewals.cardChargeId)));
}

export async function signMandate(
  db: Database,
  email: string,
  planId: number,
  form: MandateForm,
  signature: { ip: string; userAgent: string },
  now = new Date(),
): Promise<PlanActionResult> {
  const sepa = sepaConfig();
  if (!sepa) return { ok: false, status: 409, message: MANDATE_MESSAGES_SERVER.notOffered };
  return db.transaction(async (tx) => {
    const plan = await ownPlan(tx, email, planId);
    if (!plan) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    const wording = mandateWording(sepa.creditorName, sepa.creditorId);
    const mandate = await storeMandate(tx, plan.id, { customerEmail: plan.customerEmail, debtorName: form.titular, iban: form.iban, signedAt: now, signedIp: signature.ip, userAgent: signature.userAgent, wording });
    if (plan.sepaMandateId) await revokeMandateRow(tx, plan.sepaMandateId, now);
    await leaveCard(tx, plan, now);
    await tx.update(maintenancePlans).set({ renewalMethod: "domiciliacion", sepaMandateId: mandate.id, updatedAt: now }).where(eq(maintenancePlans.id, plan.id));
    await switchWaitingRenewal(tx, plan.id, "domiciliacion", now);
    await audit(tx, { email }, { action: "firmar orden de domiciliación", entity: "plan", entityId: String(plan.id), after: { mandato: mandate.reference, cuenta: maskIban(form.iban) } });
    await enqueue(tx, "email", { ...mandateSignedEmail(plan, mandate, sepa.creditorId) }, { ref: planRef(plan.id) });
    return { ok: true, message: MANDATE_MESSAGES_SERVER.signed(maskIban(form.iban)) };
  });
}

/** «Pagar por transferencia en su lugar»: from the direct debit (its mandate revoked) or from the kept card (forgotten if no other plan uses it). */
export async function payByTransfer(db: Database, email: string, planId: number, now = new Date()): Promise<PlanActionResult> {
  return db.transaction(async (tx) => {
    const plan = await ownPlan(tx, email, planId);
    if (!plan) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    if (plan.renewalMethod === "tarjeta") {
      await leaveCard(tx, plan, now);
      await tx.update(maintenancePlans).set({ renewalMethod: "transferencia", updatedAt: now }).where(eq(maintenancePlans.id, plan.id));
      await switchWaitingRenewal(tx, plan.id, "transferencia", now);
      await audit(tx, { email }, { action: "dejar de pagar con tarjeta guardada", entity: "plan", entityId: String(plan.id), before: { renewalMethod: "tarjeta" }, after: { renewalMethod: "transferencia" } });
      return { ok: true, message: MANDATE_MESSAGES_SERVER.cardLeft };
    }
    if (plan.renewalMethod !== "domiciliacion" || !plan.sepaMandateId) return { ok: false, status: 409, message: MANDATE_MESSAGES_SERVER.notDebited };
    await revokeMandateRow(tx, plan.sepaMandateId, now);
    await tx.update(maintenancePlans).set({ renewalMethod: "transferencia", sepaMandateId: null, updatedAt: now }).where(eq(maintenancePlans.id, plan.id));
    await switchWaitingRenewal(tx, plan.id, "transferencia", now);
    await audit(tx, { email }, { action: "anular orden de domiciliación", entity: "plan", entityId: String(plan.id), before: { renewalMethod: "domiciliacion" }, after: { renewalMethod: "transferencia" } });
    return { ok: true, message: MANDATE_MESSAGES_SERVER.revoked };
  });
}

/** The mandate a plan is debited under, for its page and its notice: the masked account and reference. */
export async function mandateOf(db: Pick<Database, "select">, mandateId: number | null) {
  if (mandateId === null) return null;
  const mandate = (await mandatesById(db, [mandateId])).get(mandateId);
  return mandate ? { reference: mandate.reference, account: maskIban(mandate.iban), revoked: mandate.revokedAt !== null } : null;
}
