import { asc, eq } from "drizzle-orm";
import { invoices } from "../invoices/invoices-schema.server";
import { formatYmd, madridDay, madridInstant } from "~/domain/dates/madrid-dates";
import { chargeWords, type JobChargeKind, type JobChargeState } from "~/domain/jobs/job-charges";
import type { JobKind } from "~/domain/jobs/job-kinds";
import type { JobChargeAction } from "~/domain/jobs/job-charge-forms";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import { formatEuros } from "~/domain/money";
import { invoiceableNif } from "~/domain/spanish-ids";
import type { Admin } from "../accounts/admin-access.server";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { jobs } from "./jobs-schema.server";
import { chargeContext, chargesOf } from "./job-charges.server";
import { issueChargeInvoice } from "./job-final-invoice.server";
import { chargeInvoice } from "./job-invoices.server";
import { lockCharge, settleCharge } from "./job-payments.server";

/*
 * A job's money in the back office (issue 17), /admin/trabajos/:id: its charges (what, how
 * much, state, window, how it was paid, the invoice) and the owner's two actions: record the
 * transfer that paid a pending charge, and issue an invoice that waited for the customer's
 * NIF. Each runs under the job's and the charge's row locks, audited; recording a charge
 * already paid changes nothing (a second click, two tabs).
 */

export type AdminChargeView = {
  id: number;
  kind: JobChargeKind;
  label: string;
  amountCents: number;
  state: JobChargeState;
  dueOn: string | null;
  overdue: boolean;
  paid: string | null;
  invoiceNumber: string | null;
  /** Paid (or final) without an invoice: it waits for the customer's NIF. */
  invoiceMissing: boolean;
  /** Its rectifying invoices (refunds, issue 31), in order. */
  rectifying: string[];
};

export async function adminCharges(db: Database, jobId: number, jobKind: JobKind, now = new Date()): Promise<AdminChargeView[]> {
  const charges = await chargesOf(db, jobId);
  const views: AdminChargeView[] = [];
  for (const charge of charges) {
    const invoice = await chargeInvoice(db, charge.id);
    const rectifying = invoice ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.rectifiesId, invoice.id)).orderBy(asc(invoices.id)) : [];
    const paid = charge.paidAt
      ? [`${formatYmd(madridDay(charge.paidAt))}`, charge.payMethod ? payMethodLabel(charge.payMethod) : null, charge.bankReference ? `ref. ${charge.bankReference}` : null, charge.paidRecordedBy ? `anotado por ${charge.paidRecordedBy}` : null]
          .filter(Boolean)
          .join(" · ")
      : null;
    views.push({
      id: charge.id,
      kind: charge.kind,
      label: chargeWords(charge.kind, jobKind).label,
      amountCents: charge.amountCents,
      state: charge.state,
      dueOn: charge.dueAt ? formatYmd(madridDay(charge.dueAt)) : null,
      overdue: charge.state === "pendiente" && charge.dueAt !== null && charge.dueAt < now,
      paid,
      invoiceNumber: invoice?.number ?? null,
      invoiceMissing: !invoice && (charge.state === "pagado" || (charge.kind === "final" && charge.state === "pendiente")),
      rectifying: rectifying.map((row) => row.number),
    });
  }
  return views;
}

export type ChargeActionResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string; field?: string };

const gone: ChargeActionResult = { ok: false, status: 404, error: "Este cobro no existe." };

export async function jobChargeAction(db: Database, admin: Admin, jobId: number, input: JobChargeAction, now = new Date()): Promise<ChargeActionResult> {
  if (input.intent === "transfer" && input.paidOn > madridDay(now)) {
    return { ok: false, status: 409, field: "paidOn", error: "La fecha de la transferencia no puede ser posterior a hoy." };
  }
  return db.transaction(async (tx): Promise<ChargeActionResult> => {
    const locked = await lockCharge(tx, input.chargeId);
    if (!locked || locked.job.id !== jobId) return gone;
    const context = (await chargeContext(tx, input.chargeId))!;
    const { charge } = context;
    const label = chargeWords(charge.kind, context.job.kind).label;

    if (input.intent === "transfer") {
      if (charge.state === "pagado") return { ok: true, message: `${label} ya estaba registrada como pagada: no se ha cambiado nada.` };
      if (charge.state === "anulado") return { ok: false, status: 409, error: `${label} está anulada: no se puede registrar su pago.` };
      const actor = { email: admin.email };
      const settled = await settleCharge(tx, context, { method: "transferencia", reference: input.reference, recordedBy: admin.email, paidAt: madridInstant(input.paidOn, "12:00") }, actor, now);
      const invoice = settled.invoice ? ` Factura ${settled.invoice.number} emitida y enviada al cliente.` : " La factura espera el NIF del cliente.";
      return { ok: true, message: `Transferencia de ${formatEuros(charge.amountCents)} registrada.${invoice}${settled.closed ? " El trabajo está cobrado." : ""}` };
    }

    // An invoice that waited for the NIF: the NIF goes on the job's customer, then the invoice is issued.
    if (await chargeInvoice(tx, charge.id)) return { ok: true, message: `${label} ya tiene factura: no se ha cambiado nada.` };
    if (charge.state === "anulado" || (charge.kind === "senal" && charge.state !== "pagado")) {
      return { ok: false, status: 409, error: "La factura de la señal se emite cuando se paga." };
    }
    const customer = { ...context.job.customer, nif: input.nif };
    await tx.update(jobs).set({ customer, updatedAt: now }).where(eq(jobs.id, jobId));
    await audit(tx, { email: admin.email }, { action: "NIF del cliente", entity: "trabajo", entityId: jobId, before: { nif: context.job.customer.nif }, after: { nif: input.nif } });
    const issued = await issueChargeInvoice(tx, { ...context, job: { ...context.job, customer } }, now);
    if (!issued.invoice || !invoiceableNif(customer)) return { ok: false, status: 409, field: "nif", error: "No se ha podido emitir la factura con ese NIF." };
    return { ok: true, message: `Factura ${issued.invoice.number} emitida y enviada al cliente.` };
  });
}
