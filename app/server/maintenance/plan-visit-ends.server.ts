import { and, eq, isNull, notInArray } from "drizzle-orm";
import type { Actor } from "../audit.server";
import type { Transaction } from "../db/client.server";
import { jobs } from "../jobs/jobs-schema.server";
import { cancelJobIn } from "../jobs/job-changes.server";
import { planVisits } from "./maintenance-schema.server";

/**
 * A plan that ends (cancelled, lapsed unpaid, its order cancelled) takes its announced visit
 * with it (issue 31): the visit's job is cancelled in the same transaction, so no technician
 * goes to a plan that no longer exists and a booked customer is told to take the date out of
 * their calendar.
 */
export async function endOpenVisits(tx: Transaction, actor: Actor, planId: number, reason: string, now: Date): Promise<number> {
  const open = await tx
    .select({ jobId: planVisits.jobId })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .where(and(eq(planVisits.planId, planId), isNull(planVisits.doneOn), notInArray(jobs.status, ["terminado", "cobrado", "cancelado"])));
  let ended = 0;
  for (const { jobId } of open) if ((await cancelJobIn(tx, actor, jobId, reason, now)).ok) ended++;
  return ended;
}
