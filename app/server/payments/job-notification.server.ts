import { jobPageWords } from "~/domain/jobs/job-page";
import { eq } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import { chargeWords } from "~/domain/jobs/job-charges";
import { isAuthorised } from "~/domain/payments/redsys-codes";
import { PAY_METHOD_LABELS } from "~/domain/payments/payment-methods";
import { formatEuros } from "~/domain/money";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { paymentAttempts } from "./payments-schema.server";
import { chargeContext } from "../jobs/job-charges.server";
import { shopJobNotice } from "../jobs/job-payment-emails.server";
import { lockCharge, settleCharge } from "../jobs/job-payments.server";
import { enqueue } from "../outbox.server";

/*
 * Redsys's notification of an attempt that pays a job's charge (issue 17), after
 * handleNotification checked its signature and amount. The job, the charge, then the attempt
 * are locked; only an attempt still "pendiente" is settled (a repeated notification changes
 * nothing). Authorised: the charge is paid (its invoice issued in this transaction), or, if
 * it was paid already or annulled, the attempt becomes "a reembolsar" and the shop is told.
 */

/** What a notification writes on the attempt it settles. */
export type SettledFields = {
  responseCode: string;
  responseMeaning: string;
  authorisationCode: string | null;
  notification: Record<string, string>;
  notifiedAt: Date;
};

export type JobNotificationOutcome = { kind: "pagado" | "denegado" | "a reembolsar" | "repetida"; quoteNumber: string };

export async function applyJobNotification(db: Database, chargeId: number, code: string, settled: SettledFields, now: Date): Promise<JobNotificationOutcome | null> {
  return db.transaction(async (tx): Promise<JobNotificationOutcome | null> => {
    const locked = await lockCharge(tx, chargeId);
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.code, code)).for("update");
    const context = locked ? await chargeContext(tx, chargeId) : null;
    if (!locked || !attempt || !context) return null;
    const quoteNumber = context.page.reference;
    const of = jobPageWords(context.page).of;
    await tx.update(paymentAttempts).set({ notificationCount: attempt.notificationCount + 1 }).where(eq(paymentAttempts.id, attempt.id));
    if (attempt.state !== "pendiente") return { kind: "repetida", quoteNumber };

    const label = chargeWords(context.charge.kind, context.job.kind).label;
    const amount = formatEuros(attempt.amountCents);
    if (!isAuthorised(settled.responseCode)) {
      await tx.update(paymentAttempts).set({ ...settled, state: "denegado" }).where(eq(paymentAttempts.id, attempt.id));
      return { kind: "denegado", quoteNumber };
    }
    if (context.charge.state !== "pendiente" || context.charge.amountCents !== attempt.amountCents) {
      // Money taken for a charge that is not waiting for it: recorded, never applied twice.
      await tx.update(paymentAttempts).set({ ...settled, state: "a reembolsar" }).where(eq(paymentAttempts.id, attempt.id));
      await audit(tx, "sistema", {
        action: "cobro a reembolsar",
        entity: "trabajo",
        entityId: context.job.id,
        before: { intento: code, estado: "pendiente" },
        after: { intento: code, estado: "a reembolsar", importe: amount, cargo: context.charge.state },
      });
      const subject = `cobro a reembolsar ${of}`;
      const lines = [
        `Redsys ha autorizado un cobro de ${amount} (intento ${code}, ${PAY_METHOD_LABELS[attempt.method]}) de la ${label.toLowerCase()} ${of}, que ya estaba «${context.charge.state}».`,
        "El cobro no se ha aplicado. Reembólselo desde el portal de Redsys (o por transferencia) y anótelo en el trabajo:",
      ];
      await enqueue(tx, "email", shopJobNotice(context.job.id, subject, lines), { ref: jobRef(context.job.id) });
      return { kind: "a reembolsar", quoteNumber };
    }
    await tx.update(paymentAttempts).set({ ...settled, state: "pagado" }).where(eq(paymentAttempts.id, attempt.id));
    await settleCharge(tx, context, { method: attempt.method, reference: settled.authorisationCode, recordedBy: "Redsys", paidAt: now }, "sistema", now);
    return { kind: "pagado", quoteNumber };
  });
}
