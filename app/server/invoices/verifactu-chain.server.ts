import { eq, sql } from "drizzle-orm";
import { VERIFACTU_REF } from "../outbox-refs.server";
import {
  buildRegistroAlta,
  buildRegistroAnulacion,
  type PreviousRecord,
  type SistemaInformatico,
} from "~/domain/invoices/verifactu-record";
import { config } from "../config.server";
import { invoices, type Invoice } from "./invoices-schema.server";
import { verifactuChain, verifactuRecords, verifactuSubmissions, type StoredRegistro } from "./verifactu-schema.server";
import { enqueue } from "../outbox.server";
import { documentOf } from "./invoice-document.server";
import { huella } from "./verifactu-hash.server";
import { sendingConfigured, SYSTEM_VERSION, VERIFACTU_OUTBOX_KIND } from "./verifactu-settings.server";
import type { Transaction } from "../db/client.server";

/*
 * The shop's chain of VERI*FACTU billing records (issue 13, decision 0008). A record is
 * written in the transaction that issues (or annuls) its invoice, so an invoice never exists
 * without its record. Appending takes the lock of verifactu_chain's single row first: records
 * are chained one at a time, in the order they commit, even across instances; the unique
 * previous_id makes a fork impossible whatever happens.
 */

export type VerifactuRecord = typeof verifactuRecords.$inferSelect;

/** Our invoicing program as it names itself in every record (and in the declaración responsable). */
export function sistemaInformatico(): SistemaInformatico {
  const c = config();
  return {
    NombreRazon: c.SHOP_LEGAL_NAME,
    NIF: c.SHOP_NIF,
    NombreSistemaInformatico: "Termoclima Tienda y Facturas",
    IdSistemaInformatico: "TF",
    Version: SYSTEM_VERSION,
    NumeroInstalacion: c.VERIFACTU_INSTALLATION,
    TipoUsoPosibleSoloVerifactu: "S",
    TipoUsoPosibleMultiOT: "N",
    IndicadorMultiplesOT: "N",
  };
}

/** Locks the chain's head until commit and returns the record it points at (null: no record yet). */
async function lockHead(tx: Transaction): Promise<PreviousRecord & { id: number } | null> {
  const [head] = await tx
    .update(verifactuChain)
    .set({ records: sql`${verifactuChain.records} + 1` })
    .where(eq(verifactuChain.id, 1))
    .returning({ lastRecordId: verifactuChain.lastRecordId });
  if (!head) throw new Error("falta la fila de verifactu_chain (migración 0008)");
  if (head.lastRecordId === null) return null;
  const [last] = await tx
    .select({ id: verifactuRecords.id, huella: verifactuRecords.huella, number: invoices.number, issuedOn: invoices.issuedOn, seller: invoices.seller })
    .from(verifactuRecords)
    .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
    .where(eq(verifactuRecords.id, head.lastRecordId));
  if (!last) throw new Error(`verifactu_chain apunta a un registro que no existe (${head.lastRecordId})`);
  return { id: last.id, nif: last.seller.nif, number: last.number, issuedOn: last.issuedOn, huella: last.huella };
}

async function append(tx: Transaction, invoice: Invoice, previous: { id: number } | null, registro: StoredRegistro, now: Date): Promise<VerifactuRecord> {
  const [record] = await tx
    .insert(verifactuRecords)
    .values({
      invoiceId: invoice.id,
      kind: registro.kind,
      previousId: previous?.id ?? null,
      number: invoice.number,
      huella: registro.record.Huella,
      generatedAt: now,
      registro,
    })
    .returning();
  await tx.update(verifactuChain).set({ lastRecordId: record!.id }).where(eq(verifactuChain.id, 1));
  await tx.insert(verifactuSubmissions).values({ recordId: record!.id });
  // Sent as soon as possible; with no certificate the records wait (the back office says why).
  if (sendingConfigured()) await enqueue(tx, VERIFACTU_OUTBOX_KIND, { recordId: record!.id }, { ref: VERIFACTU_REF });
  return record!;
}

/** The registro de alta of an invoice just issued (complete or rectifying), chained now. */
export async function recordIssuedInvoice(tx: Transaction, invoice: Invoice, now: Date): Promise<VerifactuRecord> {
  const previous = await lockHead(tx);
  const document = await documentOf(tx, invoice);
  const record = buildRegistroAlta(document, { previous, system: sistemaInformatico(), generatedAt: now, sha256Hex: huella });
  return append(tx, invoice, previous, { kind: "alta", record }, now);
}

/** The registro de anulación of an invoice that should never have been issued. */
export async function recordAnnulledInvoice(tx: Transaction, invoice: Invoice, now: Date): Promise<VerifactuRecord> {
  const previous = await lockHead(tx);
  const record = buildRegistroAnulacion(
    { nif: invoice.seller.nif, number: invoice.number, issuedOn: invoice.issuedOn },
    { previous, system: sistemaInformatico(), generatedAt: now, sha256Hex: huella },
  );
  return append(tx, invoice, previous, { kind: "anulacion", record }, now);
}
