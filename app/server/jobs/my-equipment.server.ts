import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { EquipmentDocument, EquipmentRow } from "~/domain/jobs/equipment";
import type { Database } from "../db/client.server";
import { invoices } from "../invoices/invoices-schema.server";
import { quotes } from "../quotes/quotes-schema.server";
import { products } from "../catalogue/catalogue-schema.server";
import { installedUnits, jobCharges, jobs, workReports } from "./jobs-schema.server";

/*
 * "Mis equipos" (issue 17): the units installed for the signed-in customer, with their
 * guarantees and the documents of the job that installed them (the quote, the invoices, the
 * signed work report). Listed by the session's e-mail, and only a verified one, like "Mis
 * presupuestos" (quote-my-quotes.server.ts): anyone could register a password account with a
 * customer's address. The documents are the quote page's links (its unguessable token).
 */

export async function equipmentForEmail(db: Pick<Database, "select">, email: string): Promise<EquipmentRow[]> {
  const units = await db
    .select({
      id: installedUnits.id,
      jobId: installedUnits.jobId,
      brand: installedUnits.brand,
      model: installedUnits.model,
      serialNumber: installedUnits.serialNumber,
      installedOn: installedUnits.installedOn,
      labourWarrantyUntil: installedUnits.labourWarrantyUntil,
      partsWarrantyUntil: installedUnits.partsWarrantyUntil,
      legalGuaranteeUntil: installedUnits.legalGuaranteeUntil,
      quoteNumber: quotes.number,
      token: quotes.token,
      reportId: workReports.id,
      family: products.family,
    })
    .from(installedUnits)
    .leftJoin(products, eq(products.id, installedUnits.productId))
    .innerJoin(jobs, eq(jobs.id, installedUnits.jobId))
    .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(workReports, eq(workReports.jobId, jobs.id))
    .where(sql`lower(${installedUnits.customerEmail}) = ${email.trim().toLowerCase()}`)
    .orderBy(desc(installedUnits.installedOn), asc(installedUnits.id));
  if (units.length === 0) return [];
  const jobIds = [...new Set(units.map((unit) => unit.jobId))];
  const issued = await db
    .select({ jobId: jobCharges.jobId, number: invoices.number, series: invoices.series })
    .from(invoices)
    .innerJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId))
    .where(inArray(jobCharges.jobId, jobIds))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return units.map(({ jobId, token, reportId, ...unit }) => {
    const base = `/presupuestos/${token}`;
    const documents: EquipmentDocument[] = [
      { label: `Presupuesto ${unit.quoteNumber}`, href: `${base}/pdf` },
      ...issued.filter((invoice) => invoice.jobId === jobId).map((invoice) => ({ label: `${invoice.series === "R" ? "Factura rectificativa" : "Factura"} ${invoice.number}`, href: `${base}/facturas/${invoice.number}` })),
      ...(reportId ? [{ label: "Parte de trabajo firmado", href: `${base}/parte.pdf` }] : []),
    ];
    return { ...unit, documents };
  });
}
