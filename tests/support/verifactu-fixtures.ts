/*
 * Billing records for the VERI*FACTU XML and client tests (issue 13): a small chain built by
 * the shop's own builders with the real SHA-256, so the AEAT stand-in can recompute each
 * huella and check the chain.
 */
import type { InvoiceFacts, RecordContext, SistemaInformatico } from "~/domain/invoices/verifactu-record";
import { buildRegistroAlta, buildRegistroAnulacion } from "~/domain/invoices/verifactu-record";
import type { Obligado, RegistroEntry } from "~/domain/invoices/verifactu-xml";
import { huella } from "~/server/invoices/verifactu-hash.server";

export const system: SistemaInformatico = {
  NombreRazon: "Climatización Ejemplo SL",
  NIF: "B12345674",
  NombreSistemaInformatico: "Tienda",
  IdSistemaInformatico: "TI",
  Version: "1.0.0",
  NumeroInstalacion: "1",
  TipoUsoPosibleSoloVerifactu: "S",
  TipoUsoPosibleMultiOT: "N",
  IndicadorMultiplesOT: "N",
};

export const obligado: Obligado = { NombreRazon: "Climatización Ejemplo SL", NIF: "B12345674" };

export const completeInvoice: InvoiceFacts = {
  kind: "completa",
  number: "F2026-000123",
  issuedOn: "2026-11-23",
  operationOn: "2026-11-22",
  seller: { name: "Climatización Ejemplo SL", nif: "B12345674", address: [] },
  buyer: { name: "Ana Pérez", nif: "12345678Z", address: [] },
  taxes: [{ rate: 21, baseCents: 100000, vatCents: 21000 }],
  vatCents: 21000,
  totalCents: 121000,
  exemption: null,
  rectifies: null,
  reference: { label: "Pedido", value: "0042-221126" },
};

export const rectifyingInvoice: InvoiceFacts = {
  ...completeInvoice,
  kind: "rectificativa",
  number: "R2026-000004",
  operationOn: null,
  taxes: [{ rate: 21, baseCents: -10000, vatCents: -2100 }],
  vatCents: -2100,
  totalCents: -12100,
  rectifies: { number: "F2026-000123", issuedOn: "2026-11-23", reason: "Devolución de un artículo" },
};

/** Goods sent to Tenerife: exempt (E2, ClaveRegimen 02), decision 0009. */
export const canaryInvoice: InvoiceFacts = {
  ...completeInvoice,
  number: "F2026-000124",
  operationOn: null,
  buyer: { name: "Frío & Calor <Canarias> SL", nif: "B76543214", address: [] },
  taxes: [{ rate: 0, baseCents: 45000, vatCents: 0 }],
  vatCents: 0,
  totalCents: 45000,
  exemption: "Exenta (art. 21 Ley 37/1992)",
  reference: { label: "Pedido", value: "0043-231126" },
};

/**
 * Four records in chain order: F1 (first of the chain), R1 rectifying it, the exempt E2
 * invoice, and an anulación of a mistaken F2026-000125.
 */
export function sampleChain(start = new Date("2026-11-23T09:15:00Z")): RegistroEntry[] {
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const base = (previous: RecordContext["previous"], minutes: number): RecordContext => ({
    previous,
    system,
    generatedAt: at(minutes),
    sha256Hex: huella,
  });
  const link = (number: string, issuedOn: string, hash: string) => ({ nif: "B12345674", number, issuedOn, huella: hash });
  const first = buildRegistroAlta(completeInvoice, base(null, 0));
  const second = buildRegistroAlta(rectifyingInvoice, base(link("F2026-000123", "2026-11-23", first.Huella), 1));
  const third = buildRegistroAlta(canaryInvoice, base(link("R2026-000004", "2026-11-23", second.Huella), 2));
  const fourth = buildRegistroAnulacion(
    { nif: "B12345674", number: "F2026-000125", issuedOn: "2026-11-23" },
    base(link("F2026-000124", "2026-11-23", third.Huella), 3),
  );
  return [
    { kind: "alta", record: first },
    { kind: "alta", record: second },
    { kind: "alta", record: third },
    { kind: "anulacion", record: fourth },
  ];
}
