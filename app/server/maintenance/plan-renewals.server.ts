import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { endOpenVisits } from "./plan-visit-ends.server";
import { addDays, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { RENEWAL_NOTICE_DAYS_BEFORE, UNPAID_RENEWAL_ENDS_AFTER_DAYS, unpaidRenewalEndsOn } from "~/domain/maintenance/plan-dates";
import { renewalTransferConcept } from "~/domain/maintenance/renewals";
import { audit, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { renewalLapsedEmail, renewalNoticeEmail } from "./plan-emails.server";
import { mandateOf } from "./plan-mandates.server";
import { sepaConfig } from "../config.server";
import { cardById, isChargeable } from "../payments/stored-cards.server";
import type { RedsysDeps } from "../payments/redsys-rest.server";
import { cardLabel } from "~/domain/payments/stored-card";
import { payRenewal } from "./renewal-payment.server";
import { chargeDueCards } from "./plan-card-charges.server";

/*
 * A plan's yearly renewal (issue 31), paid by transfer:
 * - RENEWAL_NOTICE_DAYS_BEFORE (30) days before the renewal day, the customer is told the price
 *   and how to pay; the renewal row is made with the notice, unique per plan and day, so
 *   however many instances run the task, one notice goes out;
 * - from the renewal day, an unpaid plan is "pendiente de pago";
 * - paid (the owner records the transfer), the renewal issues its invoice (VERI*FACTU), e-mailed
 *   with the PDF, and the plan's renewal day moves a year on;
 * - unpaid UNPAID_RENEWAL_ENDS_AFTER_DAYS (30) after the renewal day, the plan ends
 *   ("vencido") and the customer is told.
 * By SEPA direct debit the renewal goes in the owner's debit file (plan-debits.server.ts); by the
 * card Redsys keeps, it is charged on the renewal day (plan-card-charges.server.ts). A refusal
 * or a returned debit turns it to a transfer, with the same deadline.
 */

type Plan = typeof maintenancePlans.$inferSelect;
type Renewal = typeof planRenewals.$inferSelect;

/** The daily task (08:00 Madrid): notices, cards charged, plans due today, lapses. Returns its log line. */
export async function renewalsTask(db: Database, now = new Date(), redsys: RedsysDeps = {}): Promise<string> {
  const today = madridDay(now);
  const notified = await sendNotices(db, today, now);
  const cards = await chargeDueCards(db, today, now, redsys);
  const due = await markDue(db, today, now);
  const lapsed = await lapseUnpaid(db, today, now);
  return `renovaciones de planes: ${notified} avisos, ${cards.charged} cobradas con tarjeta (${cards.refused} rechazadas, ${cards.unknown} sin confirmar), ${due} pendientes de pago, ${lapsed} vencidos`;
}

async function sendNotices(db: Database, today: string, now: Date): Promise<number> {
  const horizon = addDays(today, RENEWAL_NOTICE_DAYS_BEFORE);
  const plans = await db
    .select()
    .from(maintenancePlans)
    .where(
      and(
        eq(maintenancePlans.state, "activo"),
        lte(maintenancePlans.renewsOn, horizon),
        sql`not exists (select 1 from ${planRenewals} r where r.plan_id = ${maintenancePlans.id} and r.renews_on = ${maintenancePlans.renewsOn})`,
      ),
    )
    .orderBy(asc(maintenancePlans.id));
  let sent = 0;
  for (const plan of plans) {
    const made = await db.transaction(async (tx) => {
      // Debited only with a live mandate and the creditor identifier still configured; otherwise by transfer.
      const mandate = plan.renewalMethod === "domiciliacion" ? await mandateOf(tx, plan.sepaMandateId) : null;
      const sepa = sepaConfig();
      const debit = mandate && !mandate.revoked && sepa ? { account: mandate.account, reference: mandate.reference, creditorId: sepa.creditorId } : null;
      // Charged to the kept card only if it still works on the renewal day.
      const kept = plan.renewalMethod === "tarjeta" ? await cardById(tx, plan.storedCardId) : null;
      const card = kept ? { label: cardLabel(kept), usable: isChargeable(kept, plan.renewsOn) } : null;
      const method = debit ? "domiciliacion" : card?.usable ? "tarjeta" : "transferencia";
      const [renewal] = await tx
        .insert(planRenewals)
        .values({ planId: plan.id, renewsOn: plan.renewsOn, amountCents: plan.priceCents, method, notifiedAt: now })
        .onConflictDoNothing({ target: [planRenewals.planId, planRenewals.renewsOn] })
        .returning();
      if (!renewal) return false;
      await enqueue(tx, "email", { ...renewalNoticeEmail(plan, renewal, debit, card) }, { ref: planRef(plan.id) });
      return true;
    });
    if (made) sent++;
  }
  return sent;
}

async function markDue(db: Database, today: string, now: Date): Promise<number> {
  const changed = await db
    .update(maintenancePlans)
    .set({ state: "pendiente_pago", updatedAt: now })
    .where(
      and(
        eq(maintenancePlans.state, "activo"),
        lte(maintenancePlans.renewsOn, today),
        sql`exists (select 1 from ${planRenewals} r where r.plan_id = ${maintenancePlans.id} and r.renews_on = ${maintenancePlans.renewsOn} and r.state = 'pendiente')`,
      ),
    )
    .returning({ id: maintenancePlans.id });
  return changed.length;
}

async function lapseUnpaid(db: Database, today: string, now: Date): Promise<number> {
  const ended = addDays(today, -UNPAID_RENEWAL_ENDS_AFTER_DAYS);
  // Unpaid 30 days after the renewal day, or after the later day a returned debit gave (pay_by).
  const unpaid = await db
    .select()
    .from(planRenewals)
    .where(and(eq(planRenewals.state, "pendiente"), lte(planRenewals.renewsOn, ended), or(isNull(planRenewals.payBy), lt(planRenewals.payBy, today))))
    .orderBy(asc(planRenewals.id));
  let lapsed = 0;
  for (const candidate of unpaid) {
    const done = await db.transaction(async (tx) => {
      const [renewal] = await tx.select().from(planRenewals).where(eq(planRenewals.id, candidate.id)).for("update");
      if (renewal?.state !== "pendiente") return false;
      await tx.update(planRenewals).set({ state: "vencida", closedAt: now, updatedAt: now }).where(eq(planRenewals.id, renewal.id));
      const [plan] = await tx
        .update(maintenancePlans)
        .set({ state: "vencido", updatedAt: now })
        .where(and(eq(maintenancePlans.id, renewal.planId), inArray(maintenancePlans.state, ["activo", "pendiente_pago"])))
        .returning();
      if (plan) {
        await audit(tx, "sistema", { action: "vencer plan de mantenimiento", entity: "plan", entityId: String(plan.id), after: { state: "vencido", renovacion: renewal.renewsOn } });
        await endOpenVisits(tx, "sistema", plan.id, "Plan de mantenimiento vencido sin renovar", now);
        await enqueue(tx, "email", { ...renewalLapsedEmail(plan, renewal) }, { ref: planRef(plan.id) });
      }
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

export const RENEWAL_PAYMENT_MESSAGES = {
  notFound: "Esta renovación no existe.",
  notPending: (state: string) => `Esta renovación ya no espera un pago: está «${state}».`,
  futureDay: "El día del pago no puede ser posterior a hoy.",
  cancelled: (planId: number) => `El plan n.º ${planId} se canceló después de enviar el adeudo al banco: no se renueva ni se factura. Si el banco lo ha cobrado, devuelva el importe al cliente por transferencia.`,
  paid: (invoice: string) => `Renovación cobrada: factura ${invoice} emitida y enviada al cliente.`,
} as const;

export type RenewalPaymentResult = { ok: true; message: string; invoice: string } | { ok: false; status: 404 | 409 | 400; message: string };

/** The owner records the renewal's payment (the transfer, or the debit the bank credited): the invoice, the plan a year on, the customer's e-mail. */
export async function recordRenewalPayment(
  db: Database,
  actor: Actor,
  renewalId: number,
  payment: { paidOn: string; bankReference: string },
  now = new Date(),
): Promise<RenewalPaymentResult> {
  if (payment.paidOn > madridDay(now)) return { ok: false, status: 400, message: RENEWAL_PAYMENT_MESSAGES.futureDay };
  return db.transaction(async (tx) => {
    const [renewal] = await tx.select().from(planRenewals).where(eq(planRenewals.id, renewalId)).for("update");
    if (!renewal) return { ok: false, status: 404, message: RENEWAL_PAYMENT_MESSAGES.notFound };
    if (renewal.state !== "pendiente") return { ok: false, status: 409, message: RENEWAL_PAYMENT_MESSAGES.notPending(renewal.state) };
    const [plan] = await tx.select().from(maintenancePlans).where(eq(maintenancePlans.id, renewal.planId)).for("update");
    if (plan!.state === "cancelado") return { ok: false, status: 409, message: RENEWAL_PAYMENT_MESSAGES.cancelled(plan!.id) };
    const invoice = await payRenewal(tx, actor, plan!, renewal, { paidOn: payment.paidOn, bankReference: payment.bankReference }, now);
    return { ok: true, message: RENEWAL_PAYMENT_MESSAGES.paid(invoice.number), invoice: invoice.number };
  });
}

/** Renewals waiting for a payment, oldest renewal day first, for the owner's list. */
export async function pendingRenewals(db: Pick<Database, "select">) {
  return db
    .select({ renewal: planRenewals, plan: { id: maintenancePlans.id, customerName: maintenancePlans.customerName, customerId: maintenancePlans.customerId, family: maintenancePlans.family } })
    .from(planRenewals)
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planRenewals.planId))
    .where(eq(planRenewals.state, "pendiente"))
    .orderBy(asc(planRenewals.renewsOn), asc(planRenewals.id))
    .limit(200);
}

/** The customer's transfer details for a renewal: concept and last day before the plan ends. */
export function transferFacts(plan: Pick<Plan, "id">, renewal: Pick<Renewal, "renewsOn" | "payBy">) {
  return { concept: renewalTransferConcept(plan.id, renewal.renewsOn), lastDay: formatYmd(unpaidRenewalEndsOn(renewal.renewsOn, renewal.payBy)) };
}

/**
 * A plan cancelled (by the customer, or with its order): its unpaid renewal goes with it, unless
 * its debit already went to the bank or its card charge has no answer yet: that one stays in the
 * owner's list, where the bank's return is recorded (or, credited, the money goes back to the
 * customer: it is never invoiced).
 */
export async function cancelPendingRenewal(tx: Transaction, planId: number, now: Date): Promise<void> {
  await tx
    .update(planRenewals)
    .set({ state: "anulada", closedAt: now, updatedAt: now })
    .where(and(eq(planRenewals.planId, planId), eq(planRenewals.state, "pendiente"), isNull(planRenewals.sepaMessageId), isNull(planRenewals.cardChargeId)));
}
