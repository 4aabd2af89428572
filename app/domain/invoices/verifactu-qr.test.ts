import { describe, expect, it } from "vitest";
import { qrUrlFromValues, VERIFACTU_QR_BASE, verifactuQrUrl } from "./verifactu-qr";

// Examples of the AEAT's "Características del QR y especificaciones del servicio de cotejo o
// remisión de información por parte del receptor de la factura", version 0.5.0: the URL of
// its section 4 (a series and number with "&") and the VERI*FACTU URLs of its section 8,
// test and production.
describe("AEAT examples", () => {
  it("section 4: the & of 12345678&G33 travels as %26 (test host)", () => {
    expect(
      qrUrlFromValues({ nif: "89890001K", numserie: "12345678&G33", fecha: "01-01-2024", importe: "241.4" }, "pruebas"),
    ).toBe("https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4");
  });

  const section8 = { nif: "89890001K", numserie: "12345678-G33", fecha: "01-09-2024", importe: "241.4" };

  it("section 8: VERI*FACTU, test environment", () => {
    expect(qrUrlFromValues(section8, "pruebas")).toBe(
      "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4",
    );
  });

  it("section 8: VERI*FACTU, production", () => {
    expect(qrUrlFromValues(section8, "produccion")).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4",
    );
  });
});

describe("verifactuQrUrl from our invoice facts", () => {
  it("formats the day as dd-mm-yyyy and the total as the record's ImporteTotal", () => {
    expect(
      verifactuQrUrl({ nif: "89890001K", number: "12345678&G33", issuedOn: "2024-01-01", totalCents: 24140 }, "pruebas"),
    ).toBe("https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40");
  });

  it("our series and a rectifying invoice's negative total", () => {
    const url = verifactuQrUrl({ nif: "B12345674", number: "R2026-000004", issuedOn: "2026-11-23", totalCents: -12100 }, "produccion");
    expect(url).toBe(`${VERIFACTU_QR_BASE.produccion}?nif=B12345674&numserie=R2026-000004&fecha=23-11-2026&importe=-121.00`);
  });

  it("encodes what would break the query and reads back to the same values", () => {
    const numserie = "A/1 B+C#D=E%F&G";
    const url = verifactuQrUrl({ nif: "B12345674", number: numserie, issuedOn: "2026-01-31", totalCents: 5 }, "pruebas");
    expect(url).toContain("numserie=A%2F1%20B%2BC%23D%3DE%25F%26G&");
    const params = new URL(url).searchParams;
    expect([...params.keys()]).toEqual(["nif", "numserie", "fecha", "importe"]);
    expect(params.get("numserie")).toBe(numserie);
    expect(params.get("importe")).toBe("0.05");
  });

  it("refuses values the AEAT's service would reject", () => {
    const base = { nif: "B12345674", number: "F2026-000001", issuedOn: "2026-01-31", totalCents: 100 };
    expect(() => verifactuQrUrl({ ...base, number: "FAÑO-1" }, "pruebas")).toThrow(/numserie/);
    expect(() => verifactuQrUrl({ ...base, number: "F".repeat(61) }, "pruebas")).toThrow(/60/);
    expect(() => verifactuQrUrl({ ...base, nif: " " }, "pruebas")).toThrow(/nif/);
    expect(() => verifactuQrUrl({ ...base, issuedOn: "31-01-2026" }, "pruebas")).toThrow();
    expect(() => qrUrlFromValues({ nif: "B12345674", numserie: "F1", fecha: "31-01-2026", importe: "7,20" }, "pruebas")).toThrow(/Importe/);
  });
});
