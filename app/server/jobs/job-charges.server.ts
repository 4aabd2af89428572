import { and, asc, eq, inArray } from "drizzle-orm";
import type { JobPage } from "~/domain/jobs/job-page";
import { config } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { quotes } from "../quotes/quotes-schema.server";
import { jobCharges, jobs } from "./jobs-schema.server";

/*
 * A job's charges (issue 17): the deposit ("senal") and the final balance ("final"), read with
 * what every use of one needs: the job, and its customer page (the quote's, or a repair's
 * breakdown's, issue 31): its reference is what customers and the bank see, its token the page.
 */

export type JobCharge = typeof jobCharges.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type ChargeContext = { charge: JobCharge; job: Job; page: JobPage };

type Executor = Pick<Database, "select">;

/** A job's customer page: its quote's, or its breakdown's; null for a plan's visit (the plan pays it). */
export function jobPageOf(job: Pick<Job, "repair">, quote: { number: string | null; token: string | null } | null): JobPage | null {
  if (quote?.number && quote.token) return { kind: "presupuesto", reference: quote.number, token: quote.token };
  return job.repair ? { kind: "averia", reference: job.repair.reference, token: job.repair.token } : null;
}

/** The charge `chargeId` with its job and page, or null. */
export async function chargeContext(db: Executor, chargeId: number): Promise<ChargeContext | null> {
  const [row] = await db
    .select({ charge: jobCharges, job: jobs, quote: { number: quotes.number, token: quotes.token } })
    .from(jobCharges)
    .innerJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(jobCharges.id, chargeId))
    .limit(1);
  const page = row ? jobPageOf(row.job, row.quote) : null;
  return row && page ? { charge: row.charge, job: row.job, page } : null;
}

/** The job's charges in the order they were asked (the annulled ones too). */
export async function chargesOf(db: Executor, jobId: number): Promise<JobCharge[]> {
  return db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId)).orderBy(asc(jobCharges.createdAt), asc(jobCharges.id));
}

/**
 * The deposit an accepted version asks (issue 17), in the acceptance's transaction after the
 * job is opened. A newly accepted version of the same quote annuls the earlier deposit still
 * unpaid; a paid one counts toward the new deposit, so only a bigger deposit asks the
 * difference, and a smaller or equal one asks nothing. Returns the new charge, if any.
 */
export async function askDeposit(tx: Transaction, jobId: number, depositCents: number, now: Date): Promise<JobCharge | null> {
  const deposits = await tx
    .select()
    .from(jobCharges)
    .where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.kind, "senal")))
    .orderBy(asc(jobCharges.id))
    .for("update");
  const unpaid = deposits.filter((charge) => charge.state === "pendiente");
  if (unpaid.length) await tx.update(jobCharges).set({ state: "anulado", updatedAt: now }).where(inArray(jobCharges.id, unpaid.map((charge) => charge.id)));
  const paidCents = deposits.filter((charge) => charge.state === "pagado").reduce((sum, charge) => sum + charge.amountCents, 0);
  const owed = depositCents - paidCents;
  if (owed <= 0) return null;
  const dueAt = new Date(now.getTime() + config().DEPOSIT_PAYMENT_DAYS * 86_400_000);
  const [charge] = await tx.insert(jobCharges).values({ jobId, kind: "senal", amountCents: owed, dueAt, createdAt: now, updatedAt: now }).returning();
  return charge!;
}

/** A cancelled job asks nothing more: its unpaid charges are annulled (a paid deposit stays, to be refunded). */
export async function annulUnpaidCharges(tx: Transaction, jobId: number, now: Date): Promise<JobCharge[]> {
  return tx
    .update(jobCharges)
    .set({ state: "anulado", updatedAt: now })
    .where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.state, "pendiente")))
    .returning();
}
