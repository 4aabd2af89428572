import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { addDays, madridDay } from "~/domain/dates/madrid-dates";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { earliestDueOn } from "~/domain/payments/sepa-calendar";
import { sequenceTypeFor } from "~/domain/payments/sepa-mandate";
import { returnReason } from "~/domain/payments/sepa-returns";
import { audit, type Actor } from "../audit.server";
import { sepaConfig } from "../config.server";
import { log } from "../log.server";
import type { Database } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { buildPain008, SepaBatchError, type DirectDebit } from "../payments/sepa-pain008.server";
import { mandatesById, markFirstCollected, revokeMandateRow } from "../payments/sepa-mandates.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { debitReturnedEmail } from "./plan-emails.server";

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
  notInFile: "Esta renovación no va en ningún fichero de adeudos, o ya se cobró.",
  returned: (code: string) => `Devolución registrada (${code}). El cliente ha recibido un correo para pagar por transferencia.`,
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

/** The bank returned a renewal's debit: it waits for a transfer again; the mandate goes when the reason says so. */
export async function recordDebitReturn(db: Database, actor: Actor, renewalId: number, code: string, now = new Date()) {
  const reason = returnReason(code);
  return db.transaction(async (tx) => {
    const [renewal] = await tx.select().from(planRenewals).where(eq(planRenewals.id, renewalId)).for("update");
    if (!renewal || renewal.state !== "pendiente" || !renewal.sepaMessageId) return { ok: false as const, status: 409 as const, message: DEBIT_MESSAGES.notInFile };
    const [plan] = await tx.select().from(maintenancePlans).where(eq(maintenancePlans.id, renewal.planId)).for("update");
    await tx
      .update(planRenewals)
      .set({ method: "transferencia", sepaMessageId: null, sepaSequence: null, collectionOn: null, returnReason: reason.code, updatedAt: now })
      .where(eq(planRenewals.id, renewal.id));
    if (!reason.mandateUsable && plan!.sepaMandateId) {
      await revokeMandateRow(tx, plan!.sepaMandateId, now);
      await tx.update(maintenancePlans).set({ renewalMethod: "transferencia", sepaMandateId: null, updatedAt: now }).where(eq(maintenancePlans.id, plan!.id));
    }
    await audit(tx, actor, { action: "registrar devolución de adeudo", entity: "plan", entityId: String(plan!.id), after: { renovacion: renewal.renewsOn, motivo: reason.code, mandatoAnulado: !reason.mandateUsable } });
    await enqueue(tx, "email", { ...debitReturnedEmail(plan!, renewal, reason) }, { ref: planRef(plan!.id) });
    return { ok: true as const, message: DEBIT_MESSAGES.returned(reason.code) };
  });
}

/** Renewals ready for the next file, for the owner's button. */
export async function debitsReady(db: Pick<Database, "select">, today: string): Promise<number> {
  const rows = await db.select({ id: planRenewals.id }).from(planRenewals).where(readyForFile(today));
  return rows.length;
}
