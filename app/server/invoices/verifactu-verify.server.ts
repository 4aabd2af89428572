import { and, asc, eq, gt, notExists } from "drizzle-orm";
import { altaHashInput, anulacionHashInput, aeatAmount, aeatDate } from "~/domain/invoices/verifactu-hash";
import type { Encadenamiento } from "~/domain/invoices/verifactu-record";
import type { Database } from "../db/client.server";
import { invoices } from "./invoices-schema.server";
import { verifactuChain, verifactuRecords, type StoredRegistro } from "./verifactu-schema.server";
import { huella } from "./verifactu-hash.server";

/*
 * The chain verifier (`npm run verifactu:verify`, issue 13): reads every billing record in
 * order and checks that each one is chained to the one before it, that its huella is the
 * SHA-256 of its own fields, and that it still says what its invoice says. It reports the
 * first break: everything after a break is unproven.
 */

export type ChainCheck =
  | { ok: true; records: number; lastHuella: string | null }
  | { ok: false; records: number; recordId: number | null; number: string | null; reason: string };

type Row = { id: number; previousId: number | null; huella: string; registro: StoredRegistro; invoice: typeof invoices.$inferSelect };

/** The invoice a record is about, as its chain link names it. */
function idOf(registro: StoredRegistro): { nif: string; number: string; date: string } {
  if (registro.kind === "alta") {
    const id = registro.record.IDFactura;
    return { nif: id.IDEmisorFactura, number: id.NumSerieFactura, date: id.FechaExpedicionFactura };
  }
  const id = registro.record.IDFactura;
  return { nif: id.IDEmisorFacturaAnulada, number: id.NumSerieFacturaAnulada, date: id.FechaExpedicionFacturaAnulada };
}

function recomputed(registro: StoredRegistro): string {
  const previous = "RegistroAnterior" in registro.record.Encadenamiento ? registro.record.Encadenamiento.RegistroAnterior.Huella : "";
  const id = idOf(registro);
  if (registro.kind === "alta") {
    const r = registro.record;
    return huella(
      altaHashInput({
        idEmisorFactura: id.nif,
        numSerieFactura: id.number,
        fechaExpedicionFactura: id.date,
        tipoFactura: r.TipoFactura,
        cuotaTotal: r.CuotaTotal,
        importeTotal: r.ImporteTotal,
        huellaAnterior: previous,
        fechaHoraHusoGenRegistro: r.FechaHoraHusoGenRegistro,
      }),
    );
  }
  return huella(
    anulacionHashInput({
      idEmisorFacturaAnulada: id.nif,
      numSerieFacturaAnulada: id.number,
      fechaExpedicionFacturaAnulada: id.date,
      huellaAnterior: previous,
      fechaHoraHusoGenRegistro: registro.record.FechaHoraHusoGenRegistro,
    }),
  );
}

function linkProblem(link: Encadenamiento, previous: Row | null): string | null {
  if (!previous) return "PrimerRegistro" in link && link.PrimerRegistro === "S" ? null : "el primer registro debe indicar PrimerRegistro S";
  if (!("RegistroAnterior" in link)) return `dice ser el primero, pero va después del registro #${previous.id}`;
  const expected = idOf(previous.registro);
  const got = link.RegistroAnterior;
  if (got.Huella !== previous.huella) return `la huella del registro anterior no coincide (${got.Huella.slice(0, 12)}… en vez de ${previous.huella.slice(0, 12)}…)`;
  if (got.IDEmisorFactura !== expected.nif || got.NumSerieFactura !== expected.number || got.FechaExpedicionFactura !== expected.date) {
    return `el registro anterior que nombra (${got.NumSerieFactura}) no es el anterior de la cadena (${expected.number})`;
  }
  return null;
}

function invoiceProblem(row: Row): string | null {
  const id = idOf(row.registro);
  const invoice = row.invoice;
  if (id.number !== invoice.number || id.date !== aeatDate(invoice.issuedOn) || id.nif !== invoice.seller.nif.toUpperCase()) {
    return `no identifica a su factura ${invoice.number} del ${aeatDate(invoice.issuedOn)}`;
  }
  if (row.registro.kind === "alta") {
    const r = row.registro.record;
    if (r.ImporteTotal !== aeatAmount(invoice.totalCents) || r.CuotaTotal !== aeatAmount(invoice.vatCents)) {
      return `sus importes (${r.ImporteTotal}, cuota ${r.CuotaTotal}) no son los de la factura (${aeatAmount(invoice.totalCents)}, cuota ${aeatAmount(invoice.vatCents)})`;
    }
  }
  return null;
}

/** The first problem of `row` after `previous`, or null. */
function problemOf(row: Row, previous: Row | null): string | null {
  if (row.previousId !== (previous?.id ?? null)) return `está enlazado al registro #${row.previousId ?? "ninguno"} en vez de al #${previous?.id ?? "ninguno"}`;
  const link = linkProblem(row.registro.record.Encadenamiento, previous);
  if (link) return link;
  const computed = recomputed(row.registro);
  if (computed !== row.registro.record.Huella || computed !== row.huella) return "su huella no es la de sus datos: el registro se ha alterado";
  return invoiceProblem(row);
}

const BATCH = 500;

export async function verifyChain(db: Database): Promise<ChainCheck> {
  let previous: Row | null = null;
  let records = 0;
  for (;;) {
    const batch: Row[] = await db
      .select({ id: verifactuRecords.id, previousId: verifactuRecords.previousId, huella: verifactuRecords.huella, registro: verifactuRecords.registro, invoice: invoices })
      .from(verifactuRecords)
      .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
      .where(gt(verifactuRecords.id, previous?.id ?? 0))
      .orderBy(asc(verifactuRecords.id))
      .limit(BATCH);
    for (const row of batch) {
      const problem = problemOf(row, previous);
      if (problem) return { ok: false, records, recordId: row.id, number: row.invoice.number, reason: problem };
      previous = row;
      records += 1;
    }
    if (batch.length < BATCH) break;
  }
  const [head] = await db.select({ lastRecordId: verifactuChain.lastRecordId }).from(verifactuChain).where(eq(verifactuChain.id, 1));
  if ((head?.lastRecordId ?? null) !== (previous?.id ?? null)) {
    return { ok: false, records, recordId: head?.lastRecordId ?? null, number: null, reason: `la cabeza de la cadena apunta al registro #${head?.lastRecordId ?? "ninguno"}, no al último (#${previous?.id ?? "ninguno"})` };
  }
  // Every invoice has its registro de alta.
  const [unrecorded] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(notExists(db.select({ id: verifactuRecords.id }).from(verifactuRecords).where(and(eq(verifactuRecords.invoiceId, invoices.id), eq(verifactuRecords.kind, "alta")))))
    .orderBy(asc(invoices.id))
    .limit(1);
  if (unrecorded) return { ok: false, records, recordId: null, number: unrecorded.number, reason: `la factura ${unrecorded.number} no tiene registro de alta` };
  return { ok: true, records, lastHuella: previous?.huella ?? null };
}

/** One line for the owner or a terminal. */
export function describeCheck(check: ChainCheck): string {
  if (check.ok) {
    return check.records === 0
      ? "Cadena VERI*FACTU correcta: todavía no hay registros."
      : `Cadena VERI*FACTU correcta: ${check.records} registro(s); huella del último: ${check.lastHuella}.`;
  }
  const where = [check.recordId !== null ? `registro #${check.recordId}` : null, check.number].filter(Boolean).join(", ");
  return `Cadena VERI*FACTU rota tras ${check.records} registro(s) correctos. Primera rotura: ${where}: ${check.reason}.`;
}
