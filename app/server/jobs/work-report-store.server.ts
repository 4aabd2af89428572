import { eq, inArray } from "drizzle-orm";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import type { Family } from "~/domain/catalogue/product";
import type { QuoteAlternative, QuoteLine, QuoteParty, QuoteSeller, WorkPlace } from "~/domain/quotes/quote-content";
import type { VatRate } from "~/domain/money";
import { checklistKindFor, type ChecklistKind } from "~/domain/jobs/work-report-checklists";
import type { UnitSlot } from "~/domain/jobs/work-report-form";
import { checklistLabel, combustionLines, leakLine, repairLines, reportStatements, type ReportSubject, type WorkReportFacts } from "~/domain/jobs/work-report-text";
import { jobPageOf } from "./job-charges.server";
import { repairFormFacts } from "./repair-parts.server";
import type { RepairFormFacts } from "~/domain/repairs/repair-report-form";
import type { JobPage } from "~/domain/jobs/job-page";
import { riteChecklistFor } from "~/domain/maintenance/rite-operations";
import { STANDARD_VAT_RATE } from "~/domain/money";
import { quoteSeller } from "../quotes/quote-store.server";
import { lineText } from "~/domain/quotes/quote-document-text";
import type { Database } from "../db/client.server";
import { products } from "../catalogue/catalogue-schema.server";
import { photoSizes, type PhotoSizes } from "../images/image-store.server";
import { quotes } from "../quotes/quotes-schema.server";
import { jobs, workReports } from "./jobs-schema.server";
import type { Job } from "./job-charges.server";
import { acceptedTerms } from "./job-invoices.server";

/*
 * What a work report is made of and read with (issue 17): the units of the accepted option
 * that get a serial number, the kind of job they suggest, the option and the VAT rate the
 * extras are charged at (the acceptance's), and a stored report with everything its page, its
 * PDF and its hash need.
 */

type Executor = Pick<Database, "select">;

/**
 * `alternative` is the accepted option an installation's extras are priced against; a maintenance
 * visit has none (no extras); a repair has none either, but its own facts (`repair`).
 */
export type ReportFormFacts = { units: UnitSlot[]; suggestedKind: ChecklistKind; alternative: QuoteAlternative | null; vatRate: VatRate; seller: QuoteSeller; repair: RepairFormFacts | null };

/** One slot per catalogue unit: a line of 2 boilers asks for two serial numbers. */
function unitSlots(lines: readonly QuoteLine[], catalogue: Map<number, { brand: string; model: string }>): UnitSlot[] {
  const slots: UnitSlot[] = [];
  for (const line of lines) {
    if (line.kind !== "producto") continue;
    const known = line.productId ? catalogue.get(line.productId) : undefined;
    const slot = { productId: known ? line.productId : null, brand: known?.brand ?? "", model: known?.model ?? line.description };
    for (let n = Math.max(1, Math.round(line.quantityMilli / 1000)); n > 0; n--) slots.push({ ...slot });
  }
  return slots;
}

export async function reportFormFacts(db: Executor, job: Pick<Job, "id" | "kind" | "units" | "quoteId" | "quoteVersion" | "alternative" | "repair" | "customer">, now = new Date()): Promise<ReportFormFacts> {
  if (job.kind === "reparacion" && job.repair) {
    // A repair: the unit is the breakdown's (on the job's page); labour and parts priced as found.
    return { units: [], suggestedKind: "mantenimiento", alternative: null, vatRate: STANDARD_VAT_RATE, seller: quoteSeller(), repair: await repairFormFacts(db, job, now) };
  }
  if (job.kind !== "instalacion") {
    // A plan's visit: its units get their serial numbers confirmed, the RITE's operations of their kind.
    return {
      units: job.units.map((unit) => ({ productId: null, brand: unit.brand, model: unit.model })),
      suggestedKind: riteChecklistFor(job.units.map((unit) => unit.equipment)) ?? "mantenimiento",
      alternative: null,
      vatRate: STANDARD_VAT_RATE,
      seller: quoteSeller(),
      repair: null,
    };
  }
  const terms = await acceptedTerms(db, job);
  const ids = [...new Set(terms.alternative.lines.flatMap((line) => (line.kind === "producto" && line.productId ? [line.productId] : [])))];
  const rows = ids.length
    ? await db.select({ id: products.id, brand: products.brand, model: products.model, family: products.family }).from(products).where(inArray(products.id, ids))
    : [];
  const catalogue = new Map(rows.map((row) => [row.id, row]));
  return {
    units: unitSlots(terms.alternative.lines, catalogue),
    suggestedKind: checklistKindFor(rows.map((row) => row.family as Family)),
    alternative: terms.alternative,
    vatRate: terms.rate,
    seller: terms.document.seller,
    repair: null,
  };
}

export type ReportRow = typeof workReports.$inferSelect;
export type ReportPhoto = PhotoSizes;

export type WorkReportView = {
  row: ReportRow;
  jobId: number;
  subject: ReportSubject;
  /** The quote's number, or a job without a quote's title. */
  reference: string;
  /** The customer's page (the quote's, the breakdown's), whose link serves the report; null for a plan's visit. */
  page: JobPage | null;
  seller: QuoteSeller;
  customer: QuoteParty;
  workPlace: WorkPlace;
  vatRate: VatRate;
  photos: ReportPhoto[];
};

/** What a job's report is of: the installation's accepted quote, or the plan's visit. */
export function reportSubject(job: { kind: string; title: string; quoteVersion: number | null; alternative: string | null }, quoteNumber: string | null): ReportSubject {
  if (job.kind === "instalacion" && quoteNumber !== null && job.quoteVersion !== null && job.alternative !== null) {
    return { kind: "instalacion", quoteNumber, quoteVersion: job.quoteVersion, alternative: job.alternative };
  }
  if (job.kind === "reparacion") return { kind: "reparacion", title: job.title };
  return { kind: "mantenimiento", title: job.title };
}

/** A job's signed report with the facts around it, or null when it has none. */
export async function loadWorkReport(db: Executor, jobId: number): Promise<WorkReportView | null> {
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return null;
  const [found] = await db
    .select({ row: workReports, job: jobs, quoteNumber: quotes.number, quoteToken: quotes.token })
    .from(workReports)
    .innerJoin(jobs, eq(jobs.id, workReports.jobId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(workReports.jobId, jobId));
  if (!found) return null;
  const { row, job } = found;
  const photos = await photoSizes(db, row.photoImageIds);
  const page = jobPageOf(job, { number: found.quoteNumber, token: found.quoteToken });
  const common = { row, jobId, customer: job.customer, workPlace: job.workPlace, photos, page };
  const subject = reportSubject(job, found.quoteNumber);
  if (subject.kind !== "instalacion") {
    // The shop as it is now: a maintenance record or a repair has no quote that kept the seller's details.
    return { ...common, subject, reference: job.title, seller: quoteSeller(), vatRate: row.content.repair ? (row.content.repair.vatRate as VatRate) : STANDARD_VAT_RATE };
  }
  const terms = await acceptedTerms(db, job);
  return {
    ...common,
    subject,
    reference: subject.quoteNumber,
    seller: terms.document.seller,
    vatRate: terms.rate,
  };
}

/** The facts the stored report's hash was computed from (the same function writes it at signing). */
export function reportFacts(view: Omit<WorkReportView, "photos" | "page" | "jobId" | "reference">): WorkReportFacts {
  const { row } = view;
  return {
    subject: view.subject,
    seller: view.seller,
    customer: view.customer,
    workPlace: view.workPlace,
    technicianName: row.technicianName,
    content: row.content,
    extrasTotalCents: row.extrasTotalCents,
    vatRate: view.vatRate,
    photoCount: row.photoImageIds.length,
    signerName: row.signerName,
    signerIdNumber: row.signerIdNumber,
    signedAt: row.signedAt,
  };
}

/** A signed report as a page shows it (the technician's and the owner's): `base` is the job's address in that area. */
export function reportForPage(view: WorkReportView, base: string) {
  const { row } = view;
  const content = row.content;
  return {
    signedAt: formatDateTime(row.signedAt),
    technicianName: row.technicianName,
    kind: checklistLabel(content.checklistKind),
    unitsTitle: view.subject.kind === "instalacion" ? "Equipos instalados" : "Equipos revisados",
    repair: content.repair ? repairLines(content.repair) : null,
    checklist: content.checklist,
    combustion: content.combustion ? combustionLines(content.combustion) : null,
    leak: content.leak ? leakLine(content.leak) : null,
    units: content.units.map((unit) => ({ name: `${unit.brand} ${unit.model}`.trim(), serialNumber: unit.serialNumber })),
    extras: content.extras.map(lineText),
    extrasTotalCents: row.extrasTotalCents,
    vatRate: view.vatRate,
    notes: content.notes,
    photos: view.photos.map((photo) => ({ src: `${base}/fotos/${photo.imageId}-${photo.widths[0] ?? photo.width}.jpg`, href: `${base}/fotos/${photo.imageId}-${photo.widths.at(-1) ?? photo.width}.jpg`, width: photo.width, height: photo.height })),
    statements: reportStatements(content, row.extrasTotalCents),
    signature: row.signature,
    signerName: row.signerName,
    signerIdNumber: row.signerIdNumber,
    documentSha256: row.documentSha256,
    pdfHref: `${base}/parte.pdf`,
  };
}

export type ReportForPage = ReturnType<typeof reportForPage>;

/** A job's signed report for a page, or null: `base` is "/tecnico/trabajos/12" or "/admin/trabajos/12". */
export async function reportPageData(db: Executor, jobId: number, base: string): Promise<ReportForPage | null> {
  const view = await loadWorkReport(db, jobId);
  return view ? reportForPage(view, base) : null;
}
