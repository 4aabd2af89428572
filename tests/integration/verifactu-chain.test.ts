import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { altaHashInput } from "~/domain/invoices/verifactu-hash";
import { outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { verifactuChain, verifactuRecords, verifactuSubmissions } from "~/server/invoices/verifactu-schema.server";
import { recordAnnulledInvoice } from "~/server/invoices/verifactu-chain.server";
import { huella } from "~/server/invoices/verifactu-hash.server";
import { describeCheck, verifyChain } from "~/server/invoices/verifactu-verify.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { setupTestDatabase } from "../db-utils";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 13: every invoice issued gets its VERI*FACTU registro de alta in the same
 * transaction, chained to the shop's previous record by its huella; records never change;
 * the verifier recomputes the chain and names the first break.
 */
const ready = setupTestDatabase();
const NOW = new Date("2031-05-12T09:30:00Z");
const owner = { email: "duena@termoclima.test" };
let serial = 0;

async function paidOrder() {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10 });
  serial += 1;
  const placed = await insertTestOrder(db, { number: `${String(serial).padStart(4, "0")}-100531`, email: `cadena${serial}@example.com`, createdAt: new Date("2031-05-10T09:00:00Z"), productIds: [product.id], serviceIds: [], payMethod: "transferencia" });
  const moved = await moveOrderStatus(db, owner, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2031-05-11", bankReference: `TRF-${serial}` } }, NOW);
  expect(moved.ok).toBe(true);
  return placed;
}

async function records() {
  const { db } = await ready;
  return db.select().from(verifactuRecords).orderBy(asc(verifactuRecords.id));
}

/** Runs `change` on the tables with their append-only triggers off (a tamperer with database access). */
async function tampering(change: string, undo: string) {
  const { db } = await ready;
  const triggers = ["verifactu_records DISABLE TRIGGER verifactu_records_append_only", "invoices DISABLE TRIGGER invoices_append_only"];
  for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE ${t}`));
  await db.execute(sql.raw(change));
  const check = await verifyChain(db);
  await db.execute(sql.raw(undo));
  for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE ${t.replace("DISABLE", "ENABLE")}`));
  return check;
}

describe("the VERI*FACTU chain", () => {
  it("starts empty and correct", async () => {
    const { db } = await ready;
    expect(describeCheck(await verifyChain(db))).toBe("Cadena VERI*FACTU correcta: todavía no hay registros.");
  });

  it("two paid orders and a cancellation: three altas (F1, F1, R1), each chained to the one before", async () => {
    const { db } = await ready;
    await paidOrder();
    const second = await paidOrder();
    const cancelled = await moveOrderStatus(db, owner, second.number, { from: "Pagado", to: "Cancelado", details: { reason: "El cliente ya no lo quiere" } }, NOW);
    expect(cancelled.ok).toBe(true);

    const rows = await records();
    expect(rows.map((row) => [row.kind, row.number, row.registro.kind === "alta" ? row.registro.record.TipoFactura : null])).toEqual([
      ["alta", "F2031-000001", "F1"],
      ["alta", "F2031-000002", "F1"],
      ["alta", "R2031-000001", "R1"],
    ]);
    const [first, second2, third] = rows.map((row) => row.registro);
    expect(first!.record.Encadenamiento).toEqual({ PrimerRegistro: "S" });
    expect(rows[0]!.previousId).toBeNull();
    expect(second2!.record.Encadenamiento).toEqual({
      RegistroAnterior: { IDEmisorFactura: "B12345674", NumSerieFactura: "F2031-000001", FechaExpedicionFactura: "12-05-2031", Huella: rows[0]!.huella },
    });
    expect(third!.record.Encadenamiento).toMatchObject({ RegistroAnterior: { NumSerieFactura: "F2031-000002", Huella: rows[1]!.huella } });
    expect(rows.map((row) => row.previousId)).toEqual([null, rows[0]!.id, rows[1]!.id]);

    // The huella is the SHA-256 of the AEAT's text of the record's own fields.
    const alta = third!.kind === "alta" ? third!.record : null;
    expect(alta).toMatchObject({ TipoFactura: "R1", TipoRectificativa: "I", ImporteTotal: expect.stringMatching(/^-\d+\.\d{2}$/) });
    expect(rows[2]!.huella).toBe(
      huella(
        altaHashInput({
          idEmisorFactura: "B12345674",
          numSerieFactura: "R2031-000001",
          fechaExpedicionFactura: "12-05-2031",
          tipoFactura: "R1",
          cuotaTotal: alta!.CuotaTotal,
          importeTotal: alta!.ImporteTotal,
          huellaAnterior: rows[1]!.huella,
          fechaHoraHusoGenRegistro: "2031-05-12T11:30:00+02:00",
        }),
      ),
    );

    // Waiting to be sent, and with no certificate nothing is queued for the AEAT.
    const states = await db.select().from(verifactuSubmissions).orderBy(asc(verifactuSubmissions.recordId));
    expect(states.map((s) => s.state)).toEqual(["pendiente", "pendiente", "pendiente"]);
    expect(await db.select().from(outbox).where(eq(outbox.kind, "verifactu_envio"))).toEqual([]);
    const [head] = await db.select().from(verifactuChain);
    expect(head).toMatchObject({ lastRecordId: rows[2]!.id, records: 3 });

    const check = await verifyChain(db);
    expect(check).toEqual({ ok: true, records: 3, lastHuella: rows[2]!.huella });
  });

  it("a record is never changed or deleted, and the chain cannot fork", async () => {
    const { db } = await ready;
    const [first] = await records();
    await expect(db.update(verifactuRecords).set({ number: "X" }).where(eq(verifactuRecords.id, first!.id))).rejects.toThrow();
    await expect(db.delete(verifactuRecords).where(eq(verifactuRecords.id, first!.id))).rejects.toThrow();
    const copy = { invoiceId: first!.invoiceId, kind: first!.kind, number: first!.number, generatedAt: first!.generatedAt, registro: first!.registro };
    // A second "first record", or a second record after the first: both refused.
    await expect(db.insert(verifactuRecords).values({ ...copy, previousId: null, huella: "A".repeat(64) })).rejects.toThrow();
    await expect(db.insert(verifactuRecords).values({ ...copy, previousId: first!.id, huella: "B".repeat(64) })).rejects.toThrow();
  });

  it("the verifier names the first break: an altered amount, an altered invoice, a changed link to the previous record", async () => {
    const rows = await records();
    const second = rows[1]!;
    const amount = await tampering(
      `UPDATE verifactu_records SET registro = jsonb_set(registro, '{record,ImporteTotal}', '"1.00"') WHERE id = ${second.id}`,
      `UPDATE verifactu_records SET registro = '${JSON.stringify(second.registro).replace(/'/g, "''")}'::jsonb WHERE id = ${second.id}`,
    );
    expect(amount).toMatchObject({ ok: false, records: 1, recordId: second.id, number: "F2031-000002", reason: "su huella no es la de sus datos: el registro se ha alterado" });
    expect(describeCheck(amount)).toMatch(/^Cadena VERI\*FACTU rota tras 1 registro\(s\) correctos\. Primera rotura: registro #\d+, F2031-000002: su huella/);

    const { db } = await ready;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, "F2031-000001"));
    const total = await tampering(
      `UPDATE invoices SET total_cents = total_cents + 100, base_cents = base_cents + 100 WHERE id = ${invoice!.id}`,
      `UPDATE invoices SET total_cents = total_cents - 100, base_cents = base_cents - 100 WHERE id = ${invoice!.id}`,
    );
    expect(total).toMatchObject({ ok: false, records: 0, number: "F2031-000001", reason: expect.stringContaining("no son los de la factura") });

    const third = rows[2]!;
    const relinked = await tampering(
      `UPDATE verifactu_records SET registro = jsonb_set(registro, '{record,Encadenamiento,RegistroAnterior,Huella}', '"${"0".repeat(64)}"') WHERE id = ${third.id}`,
      `UPDATE verifactu_records SET registro = '${JSON.stringify(third.registro).replace(/'/g, "''")}'::jsonb WHERE id = ${third.id}`,
    );
    expect(relinked).toMatchObject({ ok: false, records: 2, recordId: third.id, reason: expect.stringContaining("la huella del registro anterior no coincide") });
    expect((await verifyChain(db)).ok).toBe(true);
  });

  it("a registro de anulación is chained like any other and verifies", async () => {
    const { db } = await ready;
    const placed = await paidOrder();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    const record = await db.transaction((tx) => recordAnnulledInvoice(tx, invoice!, new Date("2031-05-12T10:00:00Z")));
    expect(record.registro).toMatchObject({
      kind: "anulacion",
      record: { IDFactura: { NumSerieFacturaAnulada: invoice!.number, FechaExpedicionFacturaAnulada: "12-05-2031" }, Encadenamiento: { RegistroAnterior: { NumSerieFactura: invoice!.number } } },
    });
    expect(await verifyChain(db)).toMatchObject({ ok: true, records: 5 });
  });
});
