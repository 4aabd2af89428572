import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import { OPEN_JOB_STATUSES } from "~/domain/jobs/job-status";
import { formatEuros } from "~/domain/money";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { jobCharges, jobs } from "./jobs-schema.server";
import { chargeContext } from "./job-charges.server";
import { shopJobNotice } from "./job-payment-emails.server";
import { lockCharge } from "./job-payments.server";
import { releaseJobUnits } from "./job-units.server";
import { enqueue } from "../outbox.server";

/*
 * The deposit's payment window (issue 17): a job whose deposit is still unpaid after its due
 * date (DEPOSIT_PAYMENT_DAYS after acceptance), still open and holding catalogue units, gives
 * them back to stock; the shop is told and it is audited. The charge stays asked: paying it
 * later takes the units again (settleCharge). A job with a deposit already paid (a newly
 * accepted version asking only a difference) keeps its units. Each job is rechecked under its
 * row lock, so two runs on two instances release once.
 */

export async function runDepositWindows(db: Database, now = new Date()): Promise<number[]> {
  const due = await db
    .select({ chargeId: jobCharges.id })
    .from(jobCharges)
    .innerJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .where(
      and(
        eq(jobCharges.kind, "senal"),
        eq(jobCharges.state, "pendiente"),
        lt(jobCharges.dueAt, now),
        inArray(jobs.status, [...OPEN_JOB_STATUSES]),
        sql`jsonb_array_length(${jobs.heldUnits}) > 0`,
      ),
    )
    .orderBy(asc(jobCharges.dueAt))
    .limit(200);
  const released: number[] = [];
  for (const { chargeId } of due) {
    const jobId = await db.transaction(async (tx) => {
      const locked = await lockCharge(tx, chargeId);
      if (!locked) return null;
      const { job, charge } = locked;
      if (charge.state !== "pendiente" || !charge.dueAt || charge.dueAt >= now || !OPEN_JOB_STATUSES.includes(job.status) || job.heldUnits.length === 0) return null;
      const [paid] = await tx.select({ id: jobCharges.id }).from(jobCharges).where(and(eq(jobCharges.jobId, job.id), eq(jobCharges.kind, "senal"), eq(jobCharges.state, "pagado"))).limit(1);
      if (paid) return null;
      const units = await releaseJobUnits(tx, job.id, now);
      const { page } = (await chargeContext(tx, chargeId))!;
      await audit(tx, "sistema", {
        action: "señal sin pagar: unidades liberadas",
        entity: "trabajo",
        entityId: job.id,
        before: { unidades: job.heldUnits },
        after: { unidades: [], devueltas: units, cargo: charge.id },
      });
      const lines = [
        `La señal de ${formatEuros(charge.amountCents)} del presupuesto ${page.reference} (${job.customer.name}) no se ha pagado en su plazo.`,
        `Las ${units} unidades del catálogo que tenía reservadas han vuelto al stock.`,
        "Si el cliente paga la señal más tarde, se reservan de nuevo las que queden; se lo diremos si falta alguna.",
      ];
      await enqueue(tx, "email", shopJobNotice(job.id, `señal sin pagar del presupuesto ${page.reference}: unidades liberadas`, lines), { ref: jobRef(job.id) });
      return job.id;
    });
    if (jobId !== null) released.push(jobId);
  }
  return released;
}

export async function depositWindowsTask(db: Database): Promise<string> {
  const released = await runDepositWindows(db);
  return `trabajos con la señal sin pagar que han liberado sus unidades: ${released.length}`;
}
