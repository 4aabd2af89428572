import { and, asc, count, eq, gte, lt, type SQL } from "drizzle-orm";
import { addDays, madridInstant } from "~/domain/dates/madrid-dates";
import type { Database } from "../db/client.server";
import { SUBMISSION_STATES, type SubmissionState } from "~/domain/invoices/verifactu-filters";
import { verifactuRecords, verifactuSender, verifactuSubmissions } from "./verifactu-schema.server";

/*
 * The back office's view of the VERI*FACTU records (issue 13): those generated in a period
 * (Madrid days, both ends included) in the chain's order, with where each stands with the
 * AEAT, the count per state, and the sender's last outcome.
 */

export const RECORDS_PAGE_SIZE = 50;
/** The AEAT takes at most 1000 records per submission (SuministroLR.xsd): the export's parts. */
export const RECORDS_PER_FILE = 1000;

export type RecordPeriod = { from: string; to: string; state?: SubmissionState | null };

function conditions(period: RecordPeriod): SQL | undefined {
  const where: SQL[] = [gte(verifactuRecords.generatedAt, madridInstant(period.from)), lt(verifactuRecords.generatedAt, madridInstant(addDays(period.to, 1)))];
  if (period.state) where.push(eq(verifactuSubmissions.state, period.state));
  return and(...where);
}

export async function listRecords(db: Database, period: RecordPeriod, page: number) {
  const [rows, counts, [sender]] = await Promise.all([
    db
      .select({
        id: verifactuRecords.id,
        kind: verifactuRecords.kind,
        number: verifactuRecords.number,
        generatedAt: verifactuRecords.generatedAt,
        huella: verifactuRecords.huella,
        state: verifactuSubmissions.state,
        attempts: verifactuSubmissions.attempts,
        lastAttemptAt: verifactuSubmissions.lastAttemptAt,
        answeredAt: verifactuSubmissions.answeredAt,
        csv: verifactuSubmissions.csv,
        errorCode: verifactuSubmissions.errorCode,
        errorText: verifactuSubmissions.errorText,
      })
      .from(verifactuRecords)
      .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
      .where(conditions(period))
      .orderBy(asc(verifactuRecords.id))
      .limit(RECORDS_PAGE_SIZE)
      .offset((page - 1) * RECORDS_PAGE_SIZE),
    db
      .select({ state: verifactuSubmissions.state, count: count() })
      .from(verifactuRecords)
      .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
      .where(conditions({ ...period, state: null }))
      .groupBy(verifactuSubmissions.state),
    db.select().from(verifactuSender).where(eq(verifactuSender.id, 1)),
  ]);
  const byState = Object.fromEntries(SUBMISSION_STATES.map((state) => [state, 0])) as Record<SubmissionState, number>;
  for (const row of counts) byState[row.state] = Number(row.count);
  const total = period.state ? byState[period.state] : Object.values(byState).reduce((a, b) => a + b, 0);
  return { rows, byState, total, pageCount: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)), sender: sender ?? null };
}

/** The records of the period for the XML export, part `part` (1-based) of RECORDS_PER_FILE. */
export async function recordsForExport(db: Database, period: RecordPeriod, part: number) {
  return db
    .select({ id: verifactuRecords.id, registro: verifactuRecords.registro })
    .from(verifactuRecords)
    .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
    .where(conditions({ ...period, state: null }))
    .orderBy(asc(verifactuRecords.id))
    .limit(RECORDS_PER_FILE)
    .offset((part - 1) * RECORDS_PER_FILE);
}
