import { describe, expect, it } from "vitest";
import {
  isValidCif,
  isValidNie,
  isValidNif,
  isValidSpanishId,
  normalizeSpanishId,
} from "./spanish-ids";

describe("NIF (8 digits and the mod-23 letter)", () => {
  it("accepts correct control letters, in either case and with separators", () => {
    for (const id of ["12345678Z", "12345678z", "00000000T", "99999999R", "12.345.678-Z", " 12345678 z "]) {
      expect(isValidNif(id), id).toBe(true);
    }
  });

  it("refuses a wrong letter, a wrong length and letters in the digits", () => {
    for (const id of ["12345678A", "12345678", "1234567Z", "123456789Z", "1234567AZ", "", "ZZZZZZZZZ"]) {
      expect(isValidNif(id), id).toBe(false);
    }
  });
});

describe("NIE (X, Y, Z read as 0, 1, 2, then the NIF letter)", () => {
  it("accepts correct ones", () => {
    for (const id of ["X1234567L", "x1234567l", "Y1234567X", "Z1234567R", "X0000000T"]) {
      expect(isValidNie(id), id).toBe(true);
    }
  });

  it("refuses a wrong letter, another prefix or a wrong length", () => {
    for (const id of ["X1234567A", "Y1234567L", "W1234567L", "X123456L", "X12345678L"]) {
      expect(isValidNie(id), id).toBe(false);
    }
  });
});

describe("CIF (entity letter, 7 digits, control digit or letter)", () => {
  it("accepts well-known company ids and computed examples", () => {
    // Telefónica, Mercadona, Universidad Complutense (Q: letter control), a computed B and P.
    for (const id of ["A28015865", "A46103834", "Q2818014I", "B12345674", "P1234567D", "b12345674"]) {
      expect(isValidCif(id), id).toBe(true);
    }
  });

  it("refuses a wrong control, the wrong kind of control for the entity, and unknown entity letters", () => {
    for (const id of [
      "B12345675", // digit off by one
      "A28015866",
      "B1234567D", // B companies carry a digit
      "P12345674", // P entities carry a letter
      "P1234567E",
      "I12345674", // no such entity letter
      "B1234567",
      "B123456745",
    ]) {
      expect(isValidCif(id), id).toBe(false);
    }
  });

  it("accepts either control for the entity letters that allow both", () => {
    expect(isValidCif("G12345674")).toBe(true);
    expect(isValidCif("G1234567D")).toBe(true);
    expect(isValidCif("G1234567E")).toBe(false);
  });
});

describe("the CIF/NIF/NIE field", () => {
  it("takes any of the three kinds and refuses the rest", () => {
    expect(isValidSpanishId("12345678Z")).toBe(true);
    expect(isValidSpanishId("X1234567L")).toBe(true);
    expect(isValidSpanishId("A28015865")).toBe(true);
    expect(isValidSpanishId("12345678A")).toBe(false);
    expect(isValidSpanishId("X1234567A")).toBe(false);
    expect(isValidSpanishId("hola")).toBe(false);
  });

  it("normalises case, spaces, dots and hyphens", () => {
    expect(normalizeSpanishId(" x-1234567-l ")).toBe("X1234567L");
    expect(normalizeSpanishId("12.345.678-z")).toBe("12345678Z");
  });
});
