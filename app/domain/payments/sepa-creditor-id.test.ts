import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mod97 } from "./iso7064";
import { checkSpanishCreditorId, creditorIdCheckDigits, isValidSpanishCreditorId, spanishCreditorId } from "./sepa-creditor-id";

/*
 * The vector, by hand: a company with CIF B12345674 (B, 1234567, control digit 4: odd places
 * doubled 2+6+(1+0)+(1+4) = 14, even places 2+4+6 = 12, 10 - 26 mod 10 = 4) and business
 * code 000. The digits are computed over "B12345674" + "ES" + "00", the code left out; letters
 * as numbers (B = 11, E = 14, S = 28) give 1112345674142800. Mod 97 in two steps:
 * 111234567 = 97 x 1146748 + 11, then 114142800 = 97 x 1176729 + 87. 98 - 87 = 11, so
 * ES11000B12345674 (the npm package sepa's checksumCreditorID gives the same).
 */
const SHOP_LIKE = "ES11000B12345674";

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const nifs = fc.integer({ min: 0, max: 99_999_999 }).map((n) => `${String(n).padStart(8, "0")}${NIF_LETTERS[n % 23]}`);
const businessCodes = fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 3, maxLength: 3 });

describe("the creditor identifier's check digits", () => {
  it("match the hand computation", () => {
    expect(mod97("1112345674142800")).toBe(87);
    expect(creditorIdCheckDigits("ES", "B12345674")).toBe("11");
    expect(spanishCreditorId("B12345674")).toBe(SHOP_LIKE);
  });

  it("match the Bundesbank's published example, DE98ZZZ09999999999", () => {
    expect(creditorIdCheckDigits("DE", "09999999999")).toBe("98");
  });

  it("do not depend on the business code", () => {
    expect(spanishCreditorId("12345678Z", "000")).toBe("ES5800012345678Z");
    expect(spanishCreditorId("12345678z", "zzz")).toBe("ES58ZZZ12345678Z");
  });
});

describe("checkSpanishCreditorId", () => {
  it("accepts the identifier however it is typed, and gives its parts", () => {
    expect(checkSpanishCreditorId(" es11 000 b12345674")).toEqual({ ok: true, creditorId: SHOP_LIKE, nif: "B12345674", businessCode: "000" });
  });

  it.each([
    ["ES12000B12345674", "revise los dos dígitos"],
    ["ES11000B12345675", "El NIF del identificador de acreedor no es válido."],
    ["ES11000B1234567", "16 caracteres"],
    ["DE98ZZZ09999999999", "16 caracteres"],
    ["", "16 caracteres"],
  ])("refuses %j", (value, message) => {
    const result = checkSpanishCreditorId(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it("accepts what spanishCreditorId makes from any NIF and code, and nothing with other check digits", () => {
    fc.assert(
      fc.property(nifs, businessCodes, fc.integer({ min: 0, max: 99 }), (nif, code, digits) => {
        const id = spanishCreditorId(nif, code);
        expect(checkSpanishCreditorId(id)).toEqual({ ok: true, creditorId: id, nif, businessCode: code });
        const other = `ES${String(digits).padStart(2, "0")}${id.slice(4)}`;
        expect(isValidSpanishCreditorId(other)).toBe(other === id);
      }),
    );
  });

  it("will not make an identifier from a wrong NIF or code", () => {
    expect(() => spanishCreditorId("12345678A")).toThrow(RangeError);
    expect(() => spanishCreditorId("B12345674", "00")).toThrow(/tres letras o cifras/);
  });
});
