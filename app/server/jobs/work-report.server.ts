import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import { jobAmounts } from "~/domain/jobs/job-amounts";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { canMoveJob } from "~/domain/jobs/job-transitions";
import type { WorkReportSubmission } from "~/domain/jobs/work-report-form";
import { workReportText } from "~/domain/jobs/work-report-text";
import { warrantyEnds } from "~/domain/jobs/warranty";
import type { Staff } from "../accounts/admin-access.server";
import { audit } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { quotes } from "../quotes/quotes-schema.server";
import { installedUnits, jobs, workReports } from "./jobs-schema.server";
import { invoicePaidCharges, issueFinalInvoice } from "./job-final-invoice.server";
import { closeJobIfNothingOwed } from "./job-payments.server";
import { enqueueWorkReportEmail, planOffersFor } from "./work-report-email.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { jobRef } from "../outbox-refs.server";
import { reportSignedAlert } from "~/domain/alerts/alert-messages";
import { photosOfJob } from "./work-report-photos.server";
import { askReplacementQuote, repairOutcome } from "./repair-report.server";
import { jobPageOf } from "./job-charges.server";
import { reportFacts, reportFormFacts, reportSubject } from "./work-report-store.server";

/*
 * Storing the technician's signed work report (issue 17), in one transaction under the job's
 * row lock: the report (never changed afterwards), the units installed with their guarantees,
 * the final invoice (job-final-invoice.server.ts), the job "terminado", the audit line and the
 * customer's e-mail with the PDF. The phone's idempotency key makes a report sent twice (an
 * answer lost in a boiler room, the automatic retry when the connection returns, two instances
 * at once) stored once: the second sending is answered exactly as the first.
 */

export type ReportResult =
  | { ok: true; reportId: number; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors?: Record<string, string>; alreadyReported?: boolean };

export type Who = { ip: string; userAgent: string };

export const REPORT_STORED = "Parte firmado y guardado. El trabajo está terminado.";

export const NO_EXTRAS_ON_MAINTENANCE = "En una visita del plan de mantenimiento no se añaden trabajos: lo que el plan no cubre se presupuesta aparte. Quítelos del parte.";

/** The phone's clock says when the customer signed; an impossible time (ahead, or over a week old) gives way to the server's. */
function signingTime(claimed: Date | null, now: Date): Date {
  if (!claimed) return now;
  const ahead = claimed.getTime() - now.getTime();
  return ahead > 5 * 60_000 || -ahead > 7 * 24 * 3_600_000 ? now : claimed;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

async function lockJob(tx: Transaction, jobId: number) {
  const [found] = await tx
    .select({ job: jobs, quoteNumber: quotes.number, quoteToken: quotes.token })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(jobs.id, jobId))
    .for("update", { of: jobs });
  return found ?? null;
}

export async function submitWorkReport(db: Database, technician: Staff, jobId: number, report: WorkReportSubmission, who: Who, now = new Date()): Promise<ReportResult> {
  return db.transaction(async (tx): Promise<ReportResult> => {
    const locked = await lockJob(tx, jobId);
    if (!locked || locked.job.technicianId !== technician.id) return { ok: false, status: 404, message: "Este trabajo no existe o no es suyo." };
    const { job } = locked;
    const subject = reportSubject(job, locked.quoteNumber);

    // Sent before: the same answer, nothing stored again.
    const [earlier] = await tx.select({ id: workReports.id, key: workReports.idempotencyKey }).from(workReports).where(eq(workReports.jobId, jobId));
    if (earlier?.key === report.key) return { ok: true, reportId: earlier.id, message: REPORT_STORED };
    if (earlier) return { ok: false, status: 409, alreadyReported: true, message: "Este trabajo ya tiene un parte firmado. Recargue la página para verlo." };
    const [keyUsed] = await tx.select({ id: workReports.id }).from(workReports).where(eq(workReports.idempotencyKey, report.key));
    if (keyUsed) return { ok: false, status: 409, message: "Este parte ya se envió para otro trabajo. Recargue la página." };

    if (!canMoveJob(job.status, "en_curso") && !canMoveJob(job.status, "terminado")) {
      return { ok: false, status: 409, message: `No se puede enviar el parte de un trabajo «${JOB_STATUS_LABELS[job.status]}». Llame a la oficina.` };
    }
    const facts = await reportFormFacts(tx, job);
    if (facts.units.length !== report.content.units.length) {
      return { ok: false, status: 409, message: "Los equipos del trabajo han cambiado mientras escribía el parte. Recargue la página y revise los números de serie." };
    }
    // A plan's visit has no extras: work the plan does not cover is quoted apart.
    if (job.kind === "mantenimiento" && report.content.extras.length > 0) return { ok: false, status: 400, message: NO_EXTRAS_ON_MAINTENANCE, errors: { extras: NO_EXTRAS_ON_MAINTENANCE } };
    const checked = facts.alternative ? jobAmounts(facts.alternative, facts.vatRate, report.content.extras) : null;
    if (checked && !checked.ok) return { ok: false, status: 400, message: checked.message, errors: { extras: checked.message } };
    if (!(await photosOfJob(tx, jobId, report.photoIds))) {
      return { ok: false, status: 400, message: "Alguna de las fotos no se ha subido para este trabajo. Quítela y añádala de nuevo.", errors: { photos: "Vuelva a añadir las fotos." } };
    }

    const signedAt = signingTime(report.signedAt, now);
    let extrasTotalCents = checked?.ok && report.content.extras.length ? checked.amounts.extrasTotalCents : 0;
    if (job.kind === "reparacion") {
      const repaired = await repairOutcome(tx, job, report, madridDay(signedAt), now);
      if (!repaired.ok) return repaired;
      report.content.repair = repaired.outcome;
      extrasTotalCents = repaired.outcome.totalCents;
      if (repaired.nif !== job.customer.nif) {
        job.customer = { ...job.customer, nif: repaired.nif };
        await tx.update(jobs).set({ customer: job.customer, updatedAt: now }).where(eq(jobs.id, jobId));
        // A call-out paid online with the breakdown waited for this NIF: its invoice now.
        await invoicePaidCharges(tx, jobId, now);
      }
    }
    const row = {
      jobId,
      idempotencyKey: report.key,
      content: report.content,
      photoImageIds: report.photoIds,
      technicianId: technician.id,
      technicianName: technician.name || technician.email,
      signature: report.signature,
      signerName: report.signerName,
      signerIdNumber: report.signerIdNumber,
      extrasTotalCents,
      ip: who.ip.slice(0, 100),
      userAgent: who.userAgent.slice(0, 500),
      signedAt,
      createdAt: now,
    };
    // What the customer signed, as the PDF shows it; its SHA-256 is stored with it.
    const text = workReportText(
      reportFacts({
        row: { ...row, id: 0, documentSha256: "" },
        subject,
        seller: facts.seller,
        customer: job.customer,
        workPlace: job.workPlace,
        vatRate: facts.vatRate,
      }),
    );
    const [stored] = await tx.insert(workReports).values({ ...row, documentSha256: sha256(text) }).returning({ id: workReports.id });

    const installedOn = madridDay(signedAt);
    const guarantee = warrantyEnds(installedOn, job.customer.nif ?? "");
    // A maintenance visit's units were installed before: its report records them, it installs nothing.
    if (subject.kind === "instalacion" && report.content.units.length > 0) {
      await tx.insert(installedUnits).values(
        report.content.units.map((unit) => ({
          jobId,
          customerEmail: job.customer.email,
          productId: unit.productId,
          brand: unit.brand,
          model: unit.model,
          serialNumber: unit.serialNumber,
          installedOn,
          ...guarantee,
          createdAt: now,
        })),
      );
    }

    // A plan's visit is paid by its plan: no final invoice.
    const invoice = subject.kind !== "mantenimiento" ? await issueFinalInvoice(tx, jobId, now) : null;
    await tx.update(jobs).set({ status: "terminado", updatedAt: now }).where(eq(jobs.id, jobId));
    await audit(tx, { email: technician.email }, {
      action: "parte de trabajo firmado",
      entity: "trabajo",
      entityId: jobId,
      before: { estado: job.status },
      after: { estado: "terminado", parte: stored!.id, equipos: report.content.units.length, adicionalesConIva: extrasTotalCents, factura: invoice?.invoiceNumber || null },
    });
    // Nothing left to pay (the deposit covered it all): the job is paid as well.
    if (invoice?.totalCents === 0) await closeJobIfNothingOwed(tx, jobId, "sistema", now);
    const offers = subject.kind === "instalacion" ? await planOffersFor(tx, report.content.units) : [];
    const page = jobPageOf(job, { number: locked.quoteNumber, token: locked.quoteToken });
    await enqueueWorkReportEmail(tx, { jobId, subject, page, customer: job.customer, offers });
    if (report.content.repair?.replacement) await askReplacementQuote(tx, job, report.content.repair);
    await enqueueAlert(tx, reportSignedAlert({ jobId, quoteNumber: subject.kind === "instalacion" ? subject.quoteNumber : job.title }), jobRef(jobId));
    return { ok: true, reportId: stored!.id, message: REPORT_STORED };
  });
}
