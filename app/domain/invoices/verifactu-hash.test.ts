import { describe, expect, it } from "vitest";
import { aeatAmount, aeatDate, aeatTimestamp, altaHashInput, anulacionHashInput } from "./verifactu-hash";

// The strings the AEAT's worked examples hash: "Detalle de las especificaciones técnicas para
// generación de la huella o hash de los registros de facturación", version 0.1.2
// (27-08-2024), examples of a first registro de alta, a chained alta and an anulación.
// Their published hash values are checked in app/server/invoices/verifactu-hash.server.test.ts.
const FIRST_HASH = "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60";
const SECOND_HASH = "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97";

describe("the text the huella is computed over", () => {
  it("registro de alta, first of the chain: empty Huella is still written", () => {
    expect(
      altaHashInput({
        idEmisorFactura: "89890001K",
        numSerieFactura: "12345678/G33",
        fechaExpedicionFactura: "01-01-2024",
        tipoFactura: "F1",
        cuotaTotal: "12.35",
        importeTotal: "123.45",
        huellaAnterior: "",
        fechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00",
      }),
    ).toBe(
      "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024" +
        "&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=" +
        "&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00",
    );
  });

  it("registro de alta chained to the first", () => {
    expect(
      altaHashInput({
        idEmisorFactura: "89890001K",
        numSerieFactura: "12345679/G34",
        fechaExpedicionFactura: "01-01-2024",
        tipoFactura: "F1",
        cuotaTotal: "12.35",
        importeTotal: "123.45",
        huellaAnterior: FIRST_HASH,
        fechaHoraHusoGenRegistro: "2024-01-01T19:20:35+01:00",
      }),
    ).toBe(
      "IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024" +
        `&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=${FIRST_HASH}` +
        "&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00",
    );
  });

  it("registro de anulación: its own field names, chained to the previous record", () => {
    expect(
      anulacionHashInput({
        idEmisorFacturaAnulada: "89890001K",
        numSerieFacturaAnulada: "12345679/G34",
        fechaExpedicionFacturaAnulada: "01-01-2024",
        huellaAnterior: SECOND_HASH,
        fechaHoraHusoGenRegistro: "2024-01-01T19:20:40+01:00",
      }),
    ).toBe(
      "IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34" +
        `&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${SECOND_HASH}` +
        "&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00",
    );
  });

  it("trims each value at both ends only; a slash is not encoded", () => {
    const input = altaHashInput({
      idEmisorFactura: " 89890001K ",
      numSerieFactura: "  A / 1  ",
      fechaExpedicionFactura: "01-01-2024",
      tipoFactura: "F1",
      cuotaTotal: "12.35 ",
      importeTotal: "123.45",
      huellaAnterior: "  ",
      fechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00",
    });
    expect(input).toContain("IDEmisorFactura=89890001K&NumSerieFactura=A / 1&");
    expect(input).toContain("&CuotaTotal=12.35&");
    expect(input).toContain("&Huella=&");
  });
});

describe("value formats", () => {
  it("amounts: dot and two decimals, negative on a rectifying invoice", () => {
    expect(aeatAmount(12345)).toBe("123.45");
    expect(aeatAmount(1235)).toBe("12.35");
    expect(aeatAmount(24140)).toBe("241.40");
    expect(aeatAmount(0)).toBe("0.00");
    expect(aeatAmount(5)).toBe("0.05");
    expect(aeatAmount(-5)).toBe("-0.05");
    expect(aeatAmount(-121000)).toBe("-1210.00");
    expect(() => aeatAmount(1.5)).toThrow();
  });

  it("dates: dd-mm-yyyy from our YYYY-MM-DD", () => {
    expect(aeatDate("2024-01-01")).toBe("01-01-2024");
    expect(aeatDate("2026-09-24")).toBe("24-09-2026");
    expect(() => aeatDate("24/09/2026")).toThrow();
  });

  it("timestamps: Madrid's wall clock with that instant's offset, to the second", () => {
    // The AEAT example's instant, 19:20:30 in Madrid in winter.
    expect(aeatTimestamp(new Date("2024-01-01T18:20:30Z"))).toBe("2024-01-01T19:20:30+01:00");
    expect(aeatTimestamp(new Date("2026-07-15T08:00:00.999Z"))).toBe("2026-07-15T10:00:00+02:00");
    // Around the change to summer time (2026-03-29 01:00 UTC) and back (2026-10-25 01:00 UTC).
    expect(aeatTimestamp(new Date("2026-03-29T00:59:59Z"))).toBe("2026-03-29T01:59:59+01:00");
    expect(aeatTimestamp(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T03:00:00+02:00");
    expect(aeatTimestamp(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25T02:30:00+02:00");
    expect(aeatTimestamp(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T02:30:00+01:00");
    // Midnight in Madrid is still the previous day in UTC.
    expect(aeatTimestamp(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01T00:00:00+01:00");
  });
});
