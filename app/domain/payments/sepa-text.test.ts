import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSepaIdentifier, isSepaText, toSepaText } from "./sepa-text";

describe("toSepaText: names and remittance in the banks' Latin set", () => {
  it.each([
    ["José Núñez Peña", "Jose Nunez Pena"],
    ["Begoña Ibáñez Güell", "Begona Ibanez Guell"],
    ["Climatización Pérez & Hijos, S.L.", "Climatizacion Perez + Hijos, S.L."],
    ["Françoise L'Hôpital", "Francoise L'Hopital"],
    ["Nº 3ª planta", "No 3a planta"],
    ["Renovación plan «Confort» 2027 – 149,00 €", "Renovacion plan 'Confort' 2027 - 149,00 EUR"],
    ["Straße Ørsted Łódź", "Strasse Orsted Lodz"],
    ["  ¿Qué?\t¡Sí!  ", "Que? Si"],
    ["Comunidad C/ Alcalá, 5 @ Madrid", "Comunidad C/ Alcala, 5 Madrid"],
  ])("%j -> %j", (value, expected) => {
    expect(toSepaText(value)).toBe(expected);
  });

  it("cuts to a length without leaving a space at the end", () => {
    expect(toSepaText("Comunidad de Propietarios Alcalá 5", 26)).toBe("Comunidad de Propietarios");
  });

  it("always gives text of the set, without doubled or outer spaces, that it leaves as it is", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (value) => {
        const text = toSepaText(value);
        expect(isSepaText(text)).toBe(true);
        expect(text).not.toMatch(/^ | $| {2}/);
        expect(toSepaText(text)).toBe(text);
      }),
    );
  });
});

describe("isSepaIdentifier", () => {
  it.each(["RENOV-2027-000123", "M/2026/0001", "A", "a".repeat(35), "ref.(1):+?,'"])("takes %j", (id) => {
    expect(isSepaIdentifier(id)).toBe(true);
  });

  it.each(["", "a".repeat(36), "/M1", "M1/", "M//1", "M 1", "MANDATO-Ñ1", "M#1"])("refuses %j", (id) => {
    expect(isSepaIdentifier(id)).toBe(false);
  });
});
