import { count, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { jobs } from "../jobs/jobs-schema.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";

/*
 * What waits for the owner (issue 30), under the agenda on the home page: each a count of one
 * state that the list it links to filters by, so the figure and the list always agree.
 */
export type OwnerToDo = {
  /** Quote requests nobody has answered yet ("nuevo"). */
  newRequests: number;
  /** Quotes written and not sent ("borrador"), and sent ones whose customer asked for changes. */
  quoteDrafts: number;
  changesAsked: number;
  /** Accepted jobs without a day ("pendiente_programar"), and done ones not yet paid ("terminado"). */
  jobsToSchedule: number;
  jobsToCharge: number;
};

export async function ownerToDo(db: Database): Promise<OwnerToDo> {
  const [requestRows, quoteRows, jobRows] = await Promise.all([
    db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.state, "nuevo")),
    db.select({ status: quotes.status, n: count() }).from(quotes).where(inArray(quotes.status, ["borrador", "cambios_pedidos"])).groupBy(quotes.status),
    db.select({ status: jobs.status, n: count() }).from(jobs).where(inArray(jobs.status, ["pendiente_programar", "terminado"])).groupBy(jobs.status),
  ]);
  const of = (rows: Array<{ status: string; n: number }>, status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    newRequests: Number(requestRows[0]?.n ?? 0),
    quoteDrafts: of(quoteRows, "borrador"),
    changesAsked: of(quoteRows, "cambios_pedidos"),
    jobsToSchedule: of(jobRows, "pendiente_programar"),
    jobsToCharge: of(jobRows, "terminado"),
  };
}
