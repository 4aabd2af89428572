import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { jobReferenceSql } from "./jobs.server";
import { describeSlot } from "~/domain/jobs/job-times";
import type { Transaction } from "../db/client.server";
import { quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { jobs } from "./jobs-schema.server";

/*
 * A technician is in one place at a time (issues 17 and 30): before a job or a visit is given
 * to a technician, what of theirs overlaps it. One check for both, so a job cannot be put on a
 * visit's time nor a visit on a job's. The caller holds the technician's row (select ... for
 * update), so two assignments for one technician wait for each other on any number of instances.
 */
export async function technicianClash(
  tx: Transaction,
  tech: { id: string; name: string },
  startsAt: Date,
  endsAt: Date,
  except: { jobId?: number; visitId?: number } = {},
): Promise<string | null> {
  const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`;
  const [job] = await tx
    .select({ number: jobReferenceSql, startsAt: jobs.startsAt, endsAt: jobs.endsAt })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(
      and(
        eq(jobs.technicianId, tech.id),
        except.jobId ? ne(jobs.id, except.jobId) : undefined,
        inArray(jobs.status, ["programado", "en_curso"]),
        sql`tstzrange(${jobs.startsAt}, ${jobs.endsAt}) && ${range}`,
      ),
    )
    .limit(1);
  if (job) return `${tech.name} ya tiene el trabajo ${job.number} el ${describeSlot(job.startsAt!, job.endsAt!)}. Elija otra hora u otro técnico.`;
  const [visit] = await tx
    .select({ startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(
      and(
        eq(visits.technicianId, tech.id),
        except.visitId ? ne(visits.id, except.visitId) : undefined,
        eq(visits.state, "reservada"),
        sql`tstzrange(${visits.startsAt}, ${visits.endsAt}) && ${range}`,
      ),
    )
    .limit(1);
  if (visit) return `${tech.name} tiene una visita el ${describeSlot(visit.startsAt, visit.endsAt)}. Elija otra hora u otro técnico.`;
  return null;
}
