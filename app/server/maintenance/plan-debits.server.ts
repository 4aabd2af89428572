import { and, asc, desc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import { addDays, madridDay } from "~/domain/dates/madrid-dates";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { RETURNED_DEBIT_PAY_DAYS } from "~/domain/maintenance/plan-dates";
import { earliestDueOn } from "~/domain/payments/sepa-calendar";
import { sequenceTypeFor } from "~/domain/payments/sepa-mandate";
import { returnReason } from "~/domain/payments/sepa-returns";
import { audit, type Actor } from "../audit.server";
import { sepaConfig } from "../config.server";
import { log } from "../log.server";
import type { Database, Transaction } from "../db/client.server";
import { enqueueInvoiceEmail } from "../invoices/invoice-email.server";
import { invoices } from "../invoices/invoices-schema.server";
import { rectifyIssued } from "../invoices/rectify-invoice.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { buildPain008, SepaBatchError, type DirectDebit } from "../payments/sepa-pain008.server";
import { mandatesById, markFirstCollected, revokeMandateRow } from "../payments/sepa-mandates.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { debitReturnedEmail } from "./plan-emails.server";

type Plan = typeof maintenancePlans.$inferSelect;
type Renewal = typeof planRenewals.$inferSelect;

/*
 * The bank's direct debit file of plan renewals (issue 31): the owner downloads one
 * pain.008.001.02 (CORE) with every renewal paid by domiciliación that is notified and due
 * within DEBIT_HORIZON_DAYS and not yet in a file; each is collected on its renewal day, or on
 * the first day the bank can still take the file (D-1). The renewals are marked with the
 * file's message id in the transaction that builds it, so a second download never carries
 * them again. The owner marks each one paid when the bank credits it, or records the bank's
 * return (devolución): the renewal waits for a transfer again and, when the reason says the
 * mandate cannot be used again, the plan goes back to transfer.
 */

export const DEBIT_HORIZON_DAYS = 14;

export const DEBIT_MESSAGES = {
  notOffered: "Falta el identificador de acreedor SEPA (SEPA_CREDITOR_ID): sin él no se pueden domiciliar los pagos.",
  nothing: "No hay adeudos que enviar: ninguna renovación domiciliada vence en los próximos 14 días.",
  notInFile: "Esta renovación no va en ningún fichero de adeudos, o su adeudo ya no puede devolverse.",
  returned: (code: string) => `Devolución registrada (${code}). El cliente ha recibido un correo para pagar por transferencia.`,
  returnedAfterCredit: (code: string, invoice: string | null) =>
    `Devolución registrada (${code}): la renovación vuelve a esperar su pago${invoice ? ` y su factura queda rectificada en ${invoice}` : ""}. El cliente ha recibido un correo para pagar por transferencia.`,
} as const;

/** Why no file was made, as the page's address says it (never the message itself: a link cannot put words on the owner's page). */
export type DebitProblem = "sin-acreedor" | "nada" | "datos";
export const DEBIT_PROBLEMS: Record<DebitProblem, string> = { "sin-acreedor": DEBIT_MESSAGES.notOffered, nada: DEBIT_MESSAGES.nothing, datos: "No se puede preparar el fichero: revise los datos de las órdenes de domiciliación (el registro dice cuáles)." };

/** Renewals the next file carries: debited, notified, due within the horizon and in no file yet. */
function readyForFile(today: string) {
  return and(
    eq(planRenewals.state, "pendiente"),
    eq(planRenewals.method, "domiciliacion"),
    isNull(planRenewals.sepaMessageId),
    lte(planRenewals.renewsOn, addDays(today, DEBIT_HORIZON_DAYS)),
  );
}

export type DebitFile = { ok: true; filename: string; xml: string; count: number } | { ok: false; status: 409; problem: DebitProblem; message: string };

export async function debitFile(db: Database, actor: Actor, now = new Date()): Promise<DebitFile> {
  const sepa = sepaConfig();
  if (!sepa) return { ok: false, status: 409, problem: "sin-acreedor", message: DEBIT_MESSAGES.notOffered };
  const today = madridDay(now);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ renewal: planRenewals, plan: maintenancePlans })
      .from(planRenewals)
      .innerJoin(maintenancePlans, eq(maintenancePlans.id, planRenewals.planId))
      .where(readyForFile(today))
      .orderBy(asc(planRenewals.renewsOn), asc(planRenewals.id))
      .for("update", { of: planRenewals });
    const mandates = await mandatesById(tx, rows.map((row) => row.plan.sepaMandateId).filter((id): id is number => id !== null));
    const firstDay = earliestDueOn(today);
    const debits: (DirectDebit & { renewalId: number; mandateId: number })[] = [];
    for (const { renewal, plan } of rows) {
      const mandate = plan.sepaMandateId ? mandates.get(plan.sepaMandateId) : undefined;
      if (!mandate || mandate.revokedAt) continue;
      debits.push({
        renewalId: renewal.id,
        mandateId: mandate.id,
        endToEndId: `TCM-R${renewal.id}`,
        amountCents: renewal.amountCents,
        mandateReference: mandate.reference,
        mandateSignedOn: madridDay(mandate.signedAt),
        sequenceType: sequenceTypeFor({ recurrent: true, usedBefore: mandate.firstCollectedAt !== null }),
        collectionOn: renewal.renewsOn > firstDay ? renewal.renewsOn : firstDay,
        debtorName: mandate.debtorName,
        debtorIban: mandate.iban,
        remittanceInformation: `${MAINTENANCE_TITLES[plan.family]}, plan ${plan.id}, renovación ${renewal.renewsOn}`,
      });
    }
    if (debits.length === 0) return { ok: false, status: 409, problem: "nada", message: DEBIT_MESSAGES.nothing };
    const messageId = `TCM${now.toISOString().replace(/\D/g, "").slice(0, 14)}`;
    let xml: string;
    try {
      xml = buildPain008({ messageId, createdAt: now, creditor: { name: sepa.creditorName, iban: sepa.iban, creditorId: sepa.creditorId }, debits });
    } catch (error) {
      if (error instanceof SepaBatchError) {
        log("mantenimiento").warn({ problemas: error.problems }, "fichero de adeudos rechazado por sus datos");
        return { ok: false, status: 409, problem: "datos", message: `No se puede preparar el fichero: ${error.problems.join(" ")}` };
      }
      throw error;
    }
    for (const debit of debits) {
      await tx.update(planRenewals).set({ sepaMessageId: messageId, sepaSequence: debit.sequenceType, collectionOn: debit.collectionOn, updatedAt: now }).where(eq(planRenewals.id, debit.renewalId));
    }
    await markFirstCollected(tx, debits.map((debit) => debit.mandateId), now);
    await audit(tx, actor, { action: "generar fichero de adeudos", entity: "plan", entityId: messageId, after: { adeudos: debits.length, renovaciones: debits.map((debit) => debit.renewalId) } });
    return { ok: true, filename: `adeudos-${messageId}.xml`, xml, count: debits.length };
  });
}

/** How long after its collection a debit can still come back: the debtor's unconditional refund right of the SDD Core rulebook (8 weeks). */
export const DEBIT_RETURN_DAYS = 56;

/**
 * The bank returned a renewal's debit: it waits for a transfer again; the mandate goes when the
 * reason says so. A debit returned after the owner marked it credited (a refund the customer
 * asked of the bank, up to 8 weeks later) also undoes the payment: the renewal's invoice is
 * rectified in full (R series; the renewal is invoiced again when it is paid) and the plan's
 * renewal day goes back to this renewal's.
 */
export async function recordDebitReturn(db: Database, actor: Actor, renewalId: number, code: string, now = new Date()) {
  const reason = returnReason(code);
  return db.transaction(async (tx) => {
    const [renewal] = await tx.select().from(planRenewals).where(eq(planRenewals.id, renewalId)).for("update");
    const credited = renewal?.state === "pagada" && renewal.method === "domiciliacion";
    if (!renewal || !renewal.sepaMessageId || !(renewal.state === "pendiente" || credited)) return { ok: false as const, status: 409 as const, message: DEBIT_MESSAGES.notInFile };
    const [plan] = await tx.select().from(maintenancePlans).where(eq(maintenancePlans.id, renewal.planId)).for("update");
    // Time to pay by transfer: 30 days from the renewal day, and at least 14 from the return.
    const payBy = addDays(madridDay(now), RETURNED_DEBIT_PAY_DAYS);
    await tx
      .update(planRenewals)
      .set({
        method: "transferencia",
        sepaMessageId: null,
        sepaSequence: null,
        collectionOn: null,
        returnReason: reason.code,
        payBy,
        ...(credited ? { state: "pendiente" as const, paidAt: null, bankReference: null, paidRecordedBy: null, closedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(planRenewals.id, renewal.id));
    const rectified = credited ? await undoCredit(tx, plan!, renewal, reason.code, now) : null;
    if (!reason.mandateUsable && plan!.sepaMandateId) {
      await revokeMandateRow(tx, plan!.sepaMandateId, now);
      await tx.update(maintenancePlans).set({ renewalMethod: "transferencia", sepaMandateId: null, updatedAt: now }).where(eq(maintenancePlans.id, plan!.id));
    }
    await audit(tx, actor, {
      action: "registrar devolución de adeudo",
      entity: "plan",
      entityId: String(plan!.id),
      after: { renovacion: renewal.renewsOn, motivo: reason.code, mandatoAnulado: !reason.mandateUsable, ...(rectified ? { despuesDeCobrado: true, rectificativa: rectified } : {}) },
    });
    await enqueue(tx, "email", { ...debitReturnedEmail(plan!, { ...renewal, payBy }, reason) }, { ref: planRef(plan!.id) });
    return { ok: true as const, message: rectified ? DEBIT_MESSAGES.returnedAfterCredit(reason.code, rectified) : DEBIT_MESSAGES.returned(reason.code) };
  });
}

/** A credited debit came back: the renewal's invoice rectified, the plan back to waiting for this renewal. Returns the rectifying invoice's number. */
async function undoCredit(tx: Transaction, plan: Plan, renewal: Renewal, code: string, now: Date): Promise<string | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.planRenewalId, renewal.id), eq(invoices.series, "F")))
    .orderBy(desc(invoices.id))
    .limit(1);
  const rectifying = invoice ? await rectifyIssued(tx, invoice, { amountCents: "rest", reason: `Adeudo devuelto por el banco (${code}): renovación sin cobrar` }, now) : null;
  if (rectifying) await enqueueInvoiceEmail(tx, rectifying, plan.customerEmail, { kind: "plan", planId: plan.id });
  const due = renewal.renewsOn <= madridDay(now);
  await tx
    .update(maintenancePlans)
    .set({ renewsOn: renewal.renewsOn, ...(plan.state === "activo" ? { state: due ? ("pendiente_pago" as const) : ("activo" as const) } : {}), updatedAt: now })
    .where(eq(maintenancePlans.id, plan.id));
  return rectifying?.number ?? null;
}

/** Renewals debited and marked credited in the last 8 weeks: their debit can still come back. */
export async function creditedDebits(db: Pick<Database, "select">, now = new Date()) {
  const since = new Date(now.getTime() - DEBIT_RETURN_DAYS * 86_400_000);
  return db
    .select({ renewal: planRenewals, plan: { id: maintenancePlans.id, customerName: maintenancePlans.customerName, customerId: maintenancePlans.customerId, family: maintenancePlans.family } })
    .from(planRenewals)
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planRenewals.planId))
    .where(and(eq(planRenewals.state, "pagada"), eq(planRenewals.method, "domiciliacion"), isNotNull(planRenewals.sepaMessageId), gte(planRenewals.paidAt, since)))
    .orderBy(desc(planRenewals.paidAt), desc(planRenewals.id))
    .limit(200);
}

/** Renewals ready for the next file, for the owner's button. */
export async function debitsReady(db: Pick<Database, "select">, today: string): Promise<number> {
  const rows = await db.select({ id: planRenewals.id }).from(planRenewals).where(readyForFile(today));
  return rows.length;
}
