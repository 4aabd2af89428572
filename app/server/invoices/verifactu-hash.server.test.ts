import { describe, expect, it } from "vitest";
import { aeatAmount, aeatDate, aeatTimestamp } from "~/domain/invoices/verifactu-hash";
import { buildRegistroAlta, buildRegistroAnulacion, type InvoiceFacts, type SistemaInformatico } from "~/domain/invoices/verifactu-record";
import { system as fixtureSystem } from "../../../tests/support/verifactu-fixtures";
import { altaHuella, anulacionHuella, huella } from "./verifactu-hash.server";

// The worked examples of the AEAT's "Detalle de las especificaciones técnicas para generación
// de la huella o hash de los registros de facturación", version 0.1.2 (27-08-2024): their
// input fields and their published hash values, copied as literals (not computed here).
const FIRST_HASH = "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60";
const SECOND_HASH = "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97";
const ANULACION_HASH = "177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68";

const first = {
  idEmisorFactura: "89890001K",
  numSerieFactura: "12345678/G33",
  fechaExpedicionFactura: "01-01-2024",
  tipoFactura: "F1",
  cuotaTotal: "12.35",
  importeTotal: "123.45",
  huellaAnterior: "",
  fechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00",
};

describe("AEAT worked examples", () => {
  it("first registro de alta (chained to nothing)", () => {
    expect(altaHuella(first)).toBe(FIRST_HASH);
  });

  it("registro de alta chained to the first", () => {
    expect(
      altaHuella({
        ...first,
        numSerieFactura: "12345679/G34",
        huellaAnterior: FIRST_HASH,
        fechaHoraHusoGenRegistro: "2024-01-01T19:20:35+01:00",
      }),
    ).toBe(SECOND_HASH);
  });

  it("registro de anulación of the second invoice, chained to its alta", () => {
    expect(
      anulacionHuella({
        idEmisorFacturaAnulada: "89890001K",
        numSerieFacturaAnulada: "12345679/G34",
        fechaExpedicionFacturaAnulada: "01-01-2024",
        huellaAnterior: SECOND_HASH,
        fechaHoraHusoGenRegistro: "2024-01-01T19:20:40+01:00",
      }),
    ).toBe(ANULACION_HASH);
  });

  it("the first example from our own values (cents, YYYY-MM-DD, Date)", () => {
    expect(
      altaHuella({
        ...first,
        fechaExpedicionFactura: aeatDate("2024-01-01"),
        cuotaTotal: aeatAmount(1235),
        importeTotal: aeatAmount(12345),
        fechaHoraHusoGenRegistro: aeatTimestamp(new Date("2024-01-01T18:20:30Z")),
      }),
    ).toBe(FIRST_HASH);
  });
});

describe("huella", () => {
  it("is SHA-256 of the UTF-8 bytes in upper-case hexadecimal", () => {
    // SHA-256("abc"), FIPS 180-2 appendix B.1.
    expect(huella("abc")).toBe("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
    // A non-ASCII value is hashed as its UTF-8 bytes (C3 B1 for "ñ"), not as Latin-1 (F1).
    expect(huella("ñ")).toBe("024BB90888CA89A15A19E9BDD8C712BFB070465FCE1EF25E43C170EA44FC5E5F");
  });

  it("changes with any field: a different amount breaks the chain", () => {
    expect(altaHuella({ ...first, importeTotal: "123.46" })).not.toBe(FIRST_HASH);
    expect(altaHuella({ ...first, importeTotal: "123.450" })).not.toBe(FIRST_HASH);
  });
});

describe("records built from invoice facts carry the AEAT's huella", () => {
  const system: SistemaInformatico = { ...fixtureSystem, NombreRazon: "Emisor de ejemplo", NIF: "89890001K" };

  it("the hash document's three examples, as a chain of records", () => {
    const facts: InvoiceFacts = {
      kind: "completa",
      number: "12345678/G33",
      issuedOn: "2024-01-01",
      operationOn: null,
      seller: { name: "Emisor de ejemplo", nif: "89890001K", address: [] },
      buyer: { name: "Cliente de ejemplo", nif: "12345678Z", address: [] },
      taxes: [{ rate: 21, baseCents: 11110, vatCents: 1235 }],
      vatCents: 1235,
      totalCents: 12345,
      exemption: null,
      rectifies: null,
      reference: { label: "Pedido", value: "0001-010124" },
    };
    const first = buildRegistroAlta(facts, { previous: null, system, generatedAt: new Date("2024-01-01T18:20:30Z"), sha256Hex: huella });
    expect(first.Huella).toBe(FIRST_HASH);
    const second = buildRegistroAlta(
      { ...facts, number: "12345679/G34" },
      {
        previous: { nif: "89890001K", number: "12345678/G33", issuedOn: "2024-01-01", huella: first.Huella },
        system,
        generatedAt: new Date("2024-01-01T18:20:35Z"),
        sha256Hex: huella,
      },
    );
    expect(second.Huella).toBe(SECOND_HASH);
    const anulacion = buildRegistroAnulacion(
      { nif: "89890001K", number: "12345679/G34", issuedOn: "2024-01-01" },
      {
        previous: { nif: "89890001K", number: "12345679/G34", issuedOn: "2024-01-01", huella: second.Huella },
        system,
        generatedAt: new Date("2024-01-01T18:20:40Z"),
        sha256Hex: huella,
      },
    );
    expect(anulacion.Huella).toBe(ANULACION_HASH);
  });
});
