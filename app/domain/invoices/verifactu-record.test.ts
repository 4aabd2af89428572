import { describe, expect, it } from "vitest";
import type { InvoiceFacts, RecordContext } from "./verifactu-record";
import { buildRegistroAlta, buildRegistroAnulacion } from "./verifactu-record";
import { completeInvoice, rectifyingInvoice, system } from "../../../tests/support/verifactu-fixtures";

// A stand-in for SHA-256 that shows which text was hashed.
const context: RecordContext = { previous: null, system, generatedAt: new Date("2026-11-23T09:15:00Z"), sha256Hex: (input) => `H[${input}]` };

// The buyer's NIF as a customer may type it: the record carries it in capitals.
const invoice: InvoiceFacts = { ...completeInvoice, buyer: { ...completeInvoice.buyer, nif: "12345678z" } };

describe("buildRegistroAlta", () => {
  it("a complete invoice, first record of the chain", () => {
    const record = buildRegistroAlta(invoice, context);
    expect(record).toEqual({
      IDVersion: "1.0",
      IDFactura: { IDEmisorFactura: "B12345674", NumSerieFactura: "F2026-000123", FechaExpedicionFactura: "23-11-2026" },
      NombreRazonEmisor: "Climatización Ejemplo SL",
      TipoFactura: "F1",
      FechaOperacion: "22-11-2026",
      DescripcionOperacion: "Pedido 0042-221126",
      Destinatarios: { IDDestinatario: [{ NombreRazon: "Ana Pérez", NIF: "12345678Z" }] },
      Desglose: {
        DetalleDesglose: [
          { Impuesto: "01", ClaveRegimen: "01", CalificacionOperacion: "S1", TipoImpositivo: "21.00", BaseImponibleOimporteNoSujeto: "1000.00", CuotaRepercutida: "210.00" },
        ],
      },
      CuotaTotal: "210.00",
      ImporteTotal: "1210.00",
      Encadenamiento: { PrimerRegistro: "S" },
      SistemaInformatico: system,
      FechaHoraHusoGenRegistro: "2026-11-23T10:15:00+01:00",
      TipoHuella: "01",
      Huella:
        "H[IDEmisorFactura=B12345674&NumSerieFactura=F2026-000123&FechaExpedicionFactura=23-11-2026&TipoFactura=F1" +
        "&CuotaTotal=210.00&ImporteTotal=1210.00&Huella=&FechaHoraHusoGenRegistro=2026-11-23T10:15:00+01:00]",
    });
    // The XML writer will follow the object's key order: the XSD's sequence.
    expect(Object.keys(record)).toEqual([
      "IDVersion", "IDFactura", "NombreRazonEmisor", "TipoFactura", "FechaOperacion", "DescripcionOperacion", "Destinatarios",
      "Desglose", "CuotaTotal", "ImporteTotal", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella",
    ]);
  });

  it("a rectifying invoice by differences, chained to the previous record", () => {
    const record = buildRegistroAlta(
      { ...rectifyingInvoice, buyer: invoice.buyer },
      { ...context, previous: { nif: "B12345674", number: "F2026-000123", issuedOn: "2026-11-23", huella: "ABC" } },
    );
    expect(record.TipoFactura).toBe("R1");
    expect(record.TipoRectificativa).toBe("I");
    expect(record.FacturasRectificadas).toEqual({
      IDFacturaRectificada: [{ IDEmisorFactura: "B12345674", NumSerieFactura: "F2026-000123", FechaExpedicionFactura: "23-11-2026" }],
    });
    expect(record).not.toHaveProperty("FechaOperacion");
    expect(record.DescripcionOperacion).toBe("Rectificación de la factura F2026-000123: Devolución de un artículo");
    expect(record.CuotaTotal).toBe("-21.00");
    expect(record.ImporteTotal).toBe("-121.00");
    expect(record.Encadenamiento).toEqual({
      RegistroAnterior: { IDEmisorFactura: "B12345674", NumSerieFactura: "F2026-000123", FechaExpedicionFactura: "23-11-2026", Huella: "ABC" },
    });
    expect(record.Huella).toContain("&TipoFactura=R1&CuotaTotal=-21.00&ImporteTotal=-121.00&Huella=ABC&");
  });

  it("goods sent to the Canary Islands: exempt under article 21 (E2, export)", () => {
    const record = buildRegistroAlta(
      { ...invoice, taxes: [{ rate: 0, baseCents: 100000, vatCents: 0 }], vatCents: 0, totalCents: 100000, exemption: "Operación exenta..." },
      context,
    );
    expect(record.Desglose.DetalleDesglose).toEqual([
      { Impuesto: "01", ClaveRegimen: "02", OperacionExenta: "E2", BaseImponibleOimporteNoSujeto: "1000.00" },
    ]);
    expect(record.CuotaTotal).toBe("0.00");
  });

  it("refuses what the AEAT's schema would reject", () => {
    expect(() => buildRegistroAlta({ ...invoice, buyer: { ...invoice.buyer, nif: "" } }, context)).toThrow(/NIF/);
    expect(() => buildRegistroAlta({ ...invoice, number: "F".repeat(61) }, context)).toThrow(/NumSerieFactura/);
    expect(() => buildRegistroAlta({ ...invoice, taxes: [] }, context)).toThrow(/Desglose/);
    expect(() => buildRegistroAlta({ ...invoice, kind: "rectificativa" }, context)).toThrow(/rectifica/);
    expect(() => buildRegistroAlta(invoice, { ...context, system: { ...system, IdSistemaInformatico: "TOO" } })).toThrow(/IdSistemaInformatico/);
  });
});

describe("buildRegistroAnulacion", () => {
  it("names the cancelled invoice and chains to the previous record", () => {
    const record = buildRegistroAnulacion(
      { nif: "B12345674", number: "F2026-000123", issuedOn: "2026-11-23" },
      { ...context, previous: { nif: "B12345674", number: "F2026-000124", issuedOn: "2026-11-23", huella: "DEF" } },
    );
    expect(record).toEqual({
      IDVersion: "1.0",
      IDFactura: { IDEmisorFacturaAnulada: "B12345674", NumSerieFacturaAnulada: "F2026-000123", FechaExpedicionFacturaAnulada: "23-11-2026" },
      Encadenamiento: {
        RegistroAnterior: { IDEmisorFactura: "B12345674", NumSerieFactura: "F2026-000124", FechaExpedicionFactura: "23-11-2026", Huella: "DEF" },
      },
      SistemaInformatico: system,
      FechaHoraHusoGenRegistro: "2026-11-23T10:15:00+01:00",
      TipoHuella: "01",
      Huella:
        "H[IDEmisorFacturaAnulada=B12345674&NumSerieFacturaAnulada=F2026-000123&FechaExpedicionFacturaAnulada=23-11-2026" +
        "&Huella=DEF&FechaHoraHusoGenRegistro=2026-11-23T10:15:00+01:00]",
    });
  });
});
