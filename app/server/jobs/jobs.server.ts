import { aliasedTable, and, asc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { serviceUnitLine } from "~/domain/jobs/job-kinds";
import type { JobStatus } from "~/domain/jobs/job-status";
import { RITE_EQUIPMENT_LABELS } from "~/domain/maintenance/rite-periods";
import { RITE_OPERATIONS, riteChecklistFor } from "~/domain/maintenance/rite-operations";
import type { QuoteLine } from "~/domain/quotes/quote-content";
import type { Database } from "../db/client.server";
import { user } from "../accounts/accounts-schema.server";
import { quotes, quoteVersions } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { jobCharges, jobs } from "./jobs-schema.server";

/*
 * Reading installation jobs (issue 17): the back office's list and page, a technician's own
 * coming work, and the calendar's week (jobs and the booked visits of the visits table).
 */

const technician = aliasedTable(user, "technician");

/** How a job is named in lists and calendars: its quote's number, or the title of a job without a quote (jobReference). */
export const jobReferenceSql = sql<string>`coalesce(${quotes.number}, ${jobs.title})`;

const jobColumns = {
  id: jobs.id,
  kind: jobs.kind,
  reference: jobReferenceSql,
  title: jobs.title,
  units: jobs.units,
  status: jobs.status,
  quoteId: jobs.quoteId,
  quoteNumber: quotes.number,
  quoteVersion: jobs.quoteVersion,
  alternative: jobs.alternative,
  customer: jobs.customer,
  workPlace: jobs.workPlace,
  startsAt: jobs.startsAt,
  endsAt: jobs.endsAt,
  technicianId: jobs.technicianId,
  technicianName: technician.name,
  notes: jobs.notes,
  cancelReason: jobs.cancelReason,
  heldUnits: jobs.heldUnits,
  repair: jobs.repair,
  createdAt: jobs.createdAt,
};

export const JOBS_PAGE_SIZE = 50;

/** A job whose deposit ("señal") is asked and not paid yet: the list's ?senal=pendiente and Hoy's count. */
export const depositWaiting = sql`exists (select 1 from ${jobCharges} where ${jobCharges.jobId} = ${jobs.id} and ${jobCharges.kind} = 'senal' and ${jobCharges.state} = 'pendiente')`;

export async function listJobs(db: Database, filter: { status?: JobStatus; depositWaiting?: boolean; page?: number } = {}) {
  const where = and(filter.status ? eq(jobs.status, filter.status) : undefined, filter.depositWaiting ? depositWaiting : undefined);
  const page = filter.page ?? 1;
  const rows = await db
    .select(jobColumns)
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(technician, eq(technician.id, jobs.technicianId))
    .where(where)
    // Scheduled ones by date; those still to schedule first, oldest first.
    .orderBy(sql`${jobs.startsAt} asc nulls first`, asc(jobs.createdAt), asc(jobs.id))
    .limit(JOBS_PAGE_SIZE)
    .offset((page - 1) * JOBS_PAGE_SIZE);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where);
  return { rows, total: Number(counted?.n ?? 0), page };
}

export type JobView = NonNullable<Awaited<ReturnType<typeof getJob>>>;

/** One job, with the lines of the alternative the customer accepted. */
export async function getJob(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ ...jobColumns, document: quoteVersions.document })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(quoteVersions, and(eq(quoteVersions.quoteId, jobs.quoteId), eq(quoteVersions.version, jobs.quoteVersion)))
    .leftJoin(technician, eq(technician.id, jobs.technicianId))
    .where(eq(jobs.id, id));
  if (!row) return null;
  const { document, ...job } = row;
  const chosen = document?.alternatives.find((a) => a.key === job.alternative);
  const lines: QuoteLine[] = chosen?.lines ?? [];
  if (job.kind === "reparacion" && job.repair) {
    // A breakdown's repair: what the customer reported is in the notes; what it costs, the coverage.
    return { ...job, alternativeTitle: job.title, description: `Reparación de la avería ${job.repair.reference}.\n${job.repair.coverage.text}`, lines };
  }
  if (job.kind !== "instalacion") {
    // A plan's visit: what to maintain, from the units the job was opened with.
    const units = job.units.map((unit) => `· ${serviceUnitLine(unit, RITE_EQUIPMENT_LABELS[unit.equipment])}`);
    const checklist = riteChecklistFor(job.units.map((unit) => unit.equipment));
    const operations = checklist ? ["", `${RITE_OPERATIONS[checklist].label}:`, ...RITE_OPERATIONS[checklist].items.map((item) => `· ${item.text}`)] : [];
    return { ...job, alternativeTitle: job.title, description: ["Mantenimiento de:", ...units, ...operations].join("\n"), lines };
  }
  return { ...job, alternativeTitle: chosen?.title ?? `Opción ${job.alternative}`, description: document?.description ?? "", lines };
}

/** The statuses a technician still has work in. */
const ACTIVE: JobStatus[] = ["programado", "en_curso"];

/** A technician's jobs from `since` on (and any still in progress), and their booked visits. */
export async function technicianAgenda(db: Database, technicianId: string, since: Date) {
  const jobRows = await db
    .select({ id: jobs.id, kind: jobs.kind, status: jobs.status, reference: jobReferenceSql, customer: jobs.customer, workPlace: jobs.workPlace, startsAt: jobs.startsAt, endsAt: jobs.endsAt })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(and(eq(jobs.technicianId, technicianId), inArray(jobs.status, ACTIVE), or(gte(jobs.endsAt, since), eq(jobs.status, "en_curso"))))
    .orderBy(asc(jobs.startsAt), asc(jobs.id));
  const visitRows = await db
    .select({ id: visits.id, name: visits.name, phone: visits.phone, address: visits.address, town: visits.town, startsAt: visits.startsAt, endsAt: visits.endsAt, notes: visits.notes })
    .from(visits)
    .where(and(eq(visits.technicianId, technicianId), eq(visits.state, "reservada"), gte(visits.endsAt, since)))
    .orderBy(asc(visits.startsAt), asc(visits.id));
  return { jobs: jobRows, visits: visitRows };
}

export type CalendarEntry = {
  kind: "trabajo" | "visita";
  id: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  place: string;
  /** The full address, for the calendar files. */
  address: string;
  technicianId: string | null;
  technicianName: string | null;
  status: string;
  /** The customer's name and phone (the back office's agenda calls from it). */
  customerName: string;
  phone: string;
  /** A job's quote number; a visit's quote request, if it came from one. */
  quoteNumber: string | null;
  /** A job without a quote: its title ("Plan n.º 12"); null otherwise. */
  serviceTitle: string | null;
  requestId: number | null;
};

/** Jobs (scheduled, not cancelled) and booked visits between two instants, of one technician or all. */
export async function calendarEntries(db: Database, range: { from: Date; to: Date; technicianId?: string }): Promise<CalendarEntry[]> {
  const jobWhere: SQL[] = [isNotNull(jobs.startsAt), lt(jobs.startsAt, range.to), sql`${jobs.endsAt} > ${range.from}`, sql`${jobs.status} <> 'cancelado'`];
  const visitWhere: SQL[] = [eq(visits.state, "reservada"), lt(visits.startsAt, range.to), sql`${visits.endsAt} > ${range.from}`];
  if (range.technicianId) {
    jobWhere.push(eq(jobs.technicianId, range.technicianId));
    visitWhere.push(eq(visits.technicianId, range.technicianId));
  }
  const jobRows = await db
    .select({ id: jobs.id, status: jobs.status, reference: jobReferenceSql, quoteNumber: quotes.number, kind: jobs.kind, customer: jobs.customer, workPlace: jobs.workPlace, startsAt: jobs.startsAt, endsAt: jobs.endsAt, technicianId: jobs.technicianId, technicianName: technician.name })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(technician, eq(technician.id, jobs.technicianId))
    .where(and(...jobWhere));
  const visitRows = await db
    .select({ id: visits.id, name: visits.name, phone: visits.phone, requestId: visits.contactRequestId, town: visits.town, address: visits.address, startsAt: visits.startsAt, endsAt: visits.endsAt, technicianId: visits.technicianId, technicianName: technician.name })
    .from(visits)
    .leftJoin(technician, eq(technician.id, visits.technicianId))
    .where(and(...visitWhere));
  const entries: CalendarEntry[] = [
    ...jobRows.map((row) => ({
      kind: "trabajo" as const,
      id: row.id,
      startsAt: row.startsAt!,
      endsAt: row.endsAt!,
      title: `${row.reference} · ${row.customer.name}`,
      place: row.workPlace.town,
      address: [row.workPlace.address, [row.workPlace.postcode, row.workPlace.town].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      technicianId: row.technicianId,
      technicianName: row.technicianName,
      status: row.status,
      customerName: row.customer.name,
      phone: row.customer.phone,
      quoteNumber: row.quoteNumber,
      serviceTitle: row.kind === "instalacion" ? null : row.reference,
      requestId: null,
    })),
    ...visitRows.map((row) => ({
      kind: "visita" as const,
      id: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      title: `Visita · ${row.name}`,
      place: row.town,
      address: [row.address, row.town].filter(Boolean).join(", "),
      technicianId: row.technicianId,
      technicianName: row.technicianName,
      status: "reservada",
      customerName: row.name,
      phone: row.phone,
      quoteNumber: null,
      serviceTitle: null,
      requestId: row.requestId,
    })),
  ];
  return entries.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.kind.localeCompare(b.kind) || a.id - b.id);
}


