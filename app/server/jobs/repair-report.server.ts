import { formatEuros } from "~/domain/money";
import type { RepairOutcome } from "~/domain/jobs/work-report-content";
import type { WorkReportSubmission } from "~/domain/jobs/work-report-form";
import { coveredFor, repairBill, repairCover } from "~/domain/repairs/repair-bill";
import { REPAIR_CAUSE_LABELS } from "~/domain/repairs/repair-outcome";
import type { Transaction } from "../db/client.server";
import { writeContactRequest } from "../quotes/contact.server";
import type { Job } from "./job-charges.server";
import { priceRepairParts, takeRepairParts } from "./repair-parts.server";
import { callOutToCharge } from "./repair-invoice.server";

/*
 * A repair's report (issue 31), in the transaction that stores it: its parts priced and taken
 * from stock, what the breakdown's coverage pays for given the cause found, the bill the
 * customer signs (checked against what the phone showed), and, when the unit must be replaced,
 * the written quote's request with the unit already known.
 */

export type RepairReportResult = { ok: true; outcome: RepairOutcome; nif: string } | { ok: false; status: 400 | 409; message: string; errors: Record<string, string> };

export const REPAIR_MISSING = "Falta el diagnóstico de la reparación: vuelva a cargar la página.";

/** `day`: the signing day (Madrid), on which the guarantees are judged. Writes only when everything is right. */
export async function repairOutcome(tx: Transaction, job: Job, report: WorkReportSubmission, day: string, now: Date): Promise<RepairReportResult> {
  const draft = report.repair;
  if (!draft || !job.repair) return { ok: false, status: 400, message: REPAIR_MISSING, errors: { "repair.diagnosis": REPAIR_MISSING } };
  const priced = await priceRepairParts(tx, draft.parts);
  if (!priced.ok) return { ok: false, status: priced.status, message: priced.message, errors: { [priced.field]: priced.message } };
  const covered = coveredFor(repairCover(job.repair, day), draft.cause);
  const bill = repairBill({ callOutCents: await callOutToCharge(tx, job), covered, extras: report.content.extras, parts: priced.parts, reducedVatConfirmed: draft.reducedVatConfirmed });
  if (bill.totalCents !== draft.shownTotalCents) {
    const message = `El importe de la reparación es ${formatEuros(bill.totalCents)}, no el que muestra el teléfono (ha cambiado el precio de una pieza): recargue la página, revíselo con el cliente y firme de nuevo.`;
    return { ok: false, status: 409, message, errors: { "repair.total": message } };
  }
  await takeRepairParts(tx, priced.parts, now);
  return {
    ok: true,
    nif: draft.invoiceNif || job.customer.nif,
    outcome: {
      diagnosis: draft.diagnosis,
      cause: draft.cause,
      parts: priced.parts,
      covered,
      replacement: draft.replacement,
      reducedVatConfirmed: draft.reducedVatConfirmed,
      vatRate: bill.rate,
      totalCents: bill.totalCents,
    },
  };
}

/** The unit cannot be repaired: a quote request in the inbox, with what the technician found. */
export async function askReplacementQuote(tx: Transaction, job: Job, outcome: RepairOutcome): Promise<number> {
  const message = [
    `Sustitución del equipo: la reparación de la avería ${job.repair?.reference ?? job.title} (trabajo n.º ${job.id}) ha concluido que hay que cambiarlo.`,
    job.notes ? `Lo que contó el cliente: ${job.notes}` : "",
    `Diagnóstico del técnico: ${outcome.diagnosis}`,
    `Causa: ${REPAIR_CAUSE_LABELS[outcome.cause]}`,
  ]
    .filter(Boolean)
    .join("\n")
    .slice(0, 5000);
  return writeContactRequest(
    tx,
    { nameAndSurname: job.customer.name, phone: job.customer.phone, email: job.customer.email, adress: job.workPlace.address, state: job.workPlace.town, message },
    { productId: null, sourcePage: `/admin/trabajos/${job.id}` },
  );
}
