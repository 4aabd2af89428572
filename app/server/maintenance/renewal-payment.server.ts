import { eq } from "drizzle-orm";
import { addDays, madridDay, madridInstant } from "~/domain/dates/madrid-dates";
import { invoiceAmounts } from "~/domain/invoices/invoice-amounts";
import { renewalOn } from "~/domain/maintenance/plan-dates";
import { renewalInvoiceLine } from "~/domain/maintenance/renewals";
import type { RenewalMethod } from "~/domain/maintenance/plans";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { audit, actorName, type Actor } from "../audit.server";
import type { Transaction } from "../db/client.server";
import { enqueueInvoiceEmail } from "../invoices/invoice-email.server";
import { lineViews, storeCompleteInvoice } from "../invoices/issue-invoice.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";

/*
 * A renewal paid (issue 31), whichever way the money came: the owner recording a transfer or a
 * credited debit, or Redsys authorising the charge to the kept card. In the caller's
 * transaction, with the renewal and the plan locked and the renewal still "pendiente": the
 * renewal is paid, its invoice issued (VERI*FACTU) and e-mailed, the plan active a year on.
 */

type Plan = typeof maintenancePlans.$inferSelect;
type Renewal = typeof planRenewals.$inferSelect;

/** What the invoice says of the payment. */
const PAID_BY: Record<RenewalMethod, string> = {
  tarjeta: "Tarjeta (cargo de la renovación)",
  domiciliacion: "Domiciliación bancaria",
  transferencia: "Transferencia bancaria",
};

export type RenewalPaid = { paidOn: string; bankReference: string; recordedBy?: string };

export async function payRenewal(tx: Transaction, actor: Actor, plan: Plan, renewal: Renewal, payment: RenewalPaid, now: Date) {
  const paidAt = payment.paidOn === madridDay(now) ? now : madridInstant(payment.paidOn, "12:00");
  const nextRenewal = renewalOn(renewal.renewsOn, 1);
  await tx
    .update(planRenewals)
    .set({ state: "pagada", paidAt, bankReference: payment.bankReference || null, paidRecordedBy: payment.recordedBy ?? actorName(actor), closedAt: now, updatedAt: now })
    .where(eq(planRenewals.id, renewal.id));
  const invoice = await issueRenewalInvoice(tx, plan, renewal, PAID_BY[renewal.method], payment.paidOn, now);
  await tx.update(maintenancePlans).set({ state: "activo", renewsOn: nextRenewal, updatedAt: now }).where(eq(maintenancePlans.id, plan.id));
  await audit(tx, actor, {
    action: "cobrar renovación de plan",
    entity: "plan",
    entityId: String(plan.id),
    before: { state: plan.state, renewsOn: plan.renewsOn },
    after: { state: "activo", renewsOn: nextRenewal, factura: invoice.number, referencia: payment.bankReference, pagadoEl: payment.paidOn, forma: renewal.method },
  });
  return invoice;
}

async function issueRenewalInvoice(tx: Transaction, plan: Plan, renewal: Renewal, payMethod: string, paidOn: string, now: Date) {
  const endsOn = addDays(renewalOn(renewal.renewsOn, 1), -1);
  const amounts = invoiceAmounts([{ description: renewalInvoiceLine(MAINTENANCE_TITLES[plan.family], plan.id, renewal.renewsOn, endsOn), inclusiveCents: renewal.amountCents }], true);
  const invoice = await storeCompleteInvoice(
    tx,
    {
      planRenewalId: renewal.id,
      buyer: plan.buyer,
      lines: lineViews(amounts),
      vatRate: amounts.rate,
      baseCents: amounts.baseCents,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      exemption: null,
      payMethod,
    },
    paidOn,
    now,
  );
  await enqueueInvoiceEmail(tx, invoice, plan.customerEmail, { kind: "plan", planId: plan.id });
  return invoice;
}
