import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkIban,
  formatIban,
  ibanCheckDigits,
  ibanNeedsBic,
  isValidBic,
  isValidIban,
  maskIban,
  normalizeIban,
  SEPA_IBAN_LENGTHS,
  spanishAccountControlDigits,
} from "./iban";

const digits = (length: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length });

/** A Spanish IBAN made from any bank, branch and account number, with every check digit right. */
const spanishIbans = fc.tuple(digits(8), digits(10)).map(([bankAndBranch, account]) => {
  const bban = `${bankAndBranch}${spanishAccountControlDigits(bankAndBranch, account)}${account}`;
  return `ES${ibanCheckDigits("ES", bban)}${bban}`;
});

describe("checkIban: known accounts", () => {
  it.each([
    "ES9121000418450200051332",
    "ES7921000813610123456789",
    "DE89370400440532013000",
    "FR1420041010050500013M02606",
    "IT60X0542811101000000123456",
    "NL91ABNA0417164300",
    "BE68539007547034",
    "AT611904300234573201",
    "CH9300762011623852957",
    "GB29NWBK60161331926819",
    "NO9386011117947",
    "MT84MALT011000012345MTLCAST001S",
  ])("%s is valid", (iban) => {
    expect(checkIban(iban)).toEqual({ ok: true, iban });
  });

  it("takes what people type: spaces, hyphens, lower case", () => {
    expect(checkIban(" es91 2100 0418-4502 0005 1332 ")).toEqual({ ok: true, iban: "ES9121000418450200051332" });
  });

  it.each([
    ["", "empty", "Escriba el IBAN de la cuenta."],
    ["ES91 2100 0418 4502 0005 133/", "characters", expect.stringContaining("solo lleva letras y números")],
    ["9121000418450200051332", "characters", expect.stringContaining("solo lleva letras y números")],
    ["US64SVBKUS6S3300958879", "country", expect.stringContaining("zona SEPA")],
    ["ES91 2100 0418 4502 0005 133", "length", "Un IBAN de ES tiene 24 caracteres y este tiene 23."],
    ["ES9121000418450200051331", "checksum", "El IBAN no es válido: revise los dígitos."],
    ["ES9121000418450200015332", "checksum", "El IBAN no es válido: revise los dígitos."],
    // DC 45 -> 46 with the IBAN's check digits recomputed: only the Spanish check sees it.
    ["ES2921000418460200051332", "spanish-account", expect.stringContaining("dígitos de control de la cuenta")],
  ])("%j is refused (%s)", (value, error, message) => {
    expect(checkIban(value)).toEqual({ ok: false, error, message });
  });
});

describe("checkIban: any account", () => {
  it("accepts every Spanish IBAN whose check digits are right, however it is typed", () => {
    fc.assert(
      fc.property(spanishIbans, fc.boolean(), (iban, lower) => {
        const typed = formatIban(iban);
        expect(checkIban(lower ? typed.toLowerCase() : typed)).toEqual({ ok: true, iban });
      }),
    );
  });

  it("refuses a Spanish IBAN with any one digit changed", () => {
    fc.assert(
      fc.property(spanishIbans, fc.integer({ min: 2, max: 23 }), fc.integer({ min: 1, max: 9 }), (iban, at, plus) => {
        const changed = iban.slice(0, at) + String((Number(iban[at]) + plus) % 10) + iban.slice(at + 1);
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it("refuses a Spanish IBAN with two neighbouring different digits swapped", () => {
    fc.assert(
      fc.property(spanishIbans, fc.integer({ min: 2, max: 22 }), (iban, at) => {
        fc.pre(iban[at] !== iban[at + 1]);
        const swapped = iban.slice(0, at) + iban[at + 1] + iban[at] + iban.slice(at + 2);
        expect(isValidIban(swapped)).toBe(false);
      }),
    );
  });

  it("refuses a Spanish account whose own control digits are wrong, even with the IBAN's digits recomputed", () => {
    fc.assert(
      fc.property(digits(8), digits(2), digits(10), (bankAndBranch, control, account) => {
        const bban = `${bankAndBranch}${control}${account}`;
        const result = checkIban(`ES${ibanCheckDigits("ES", bban)}${bban}`);
        expect(result.ok).toBe(control === spanishAccountControlDigits(bankAndBranch, account));
        if (!result.ok) expect(result.error).toBe("spanish-account");
      }),
    );
  });

  it("accepts any SEPA country's IBAN of its length with right check digits, and refuses one character more or less", () => {
    const countries = fc.constantFrom(...Object.keys(SEPA_IBAN_LENGTHS).filter((country) => country !== "ES"));
    fc.assert(
      fc.property(countries, digits(30), fc.boolean(), (country, pool, longer) => {
        const bban = pool.slice(0, SEPA_IBAN_LENGTHS[country]! - 4);
        expect(isValidIban(`${country}${ibanCheckDigits(country, bban)}${bban}`)).toBe(true);
        const wrong = longer ? `${bban}0` : bban.slice(1);
        expect(checkIban(`${country}${ibanCheckDigits(country, wrong)}${wrong}`)).toMatchObject({ ok: false, error: "length" });
      }),
    );
  });
});

describe("printing an IBAN", () => {
  it("groups it in fours", () => {
    expect(formatIban("ES9121000418450200051332")).toBe("ES91 2100 0418 4502 0005 1332");
    expect(formatIban("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("masks all but the country, check digits and last four", () => {
    expect(maskIban("ES91 2100 0418 4502 0005 1332")).toBe("ES91 **** **** **** **** 1332");
    expect(maskIban("DE89370400440532013000")).toBe("DE89 **** **** **** **30 00");
  });

  it("formats and masks without losing or moving a character", () => {
    fc.assert(
      fc.property(spanishIbans, (iban) => {
        const formatted = formatIban(iban);
        expect(normalizeIban(formatted)).toBe(iban);
        expect(formatted.split(" ").every((group) => group.length === 4)).toBe(true);
        const masked = maskIban(iban);
        expect(masked.length).toBe(formatted.length);
        expect(masked.slice(0, 4)).toBe(iban.slice(0, 4));
        expect(masked.slice(-4)).toBe(iban.slice(-4));
        expect(normalizeIban(masked).slice(4, -4)).toMatch(/^\*+$/);
      }),
    );
  });
});

describe("BIC", () => {
  it("is needed only outside the EEA", () => {
    expect(ibanNeedsBic("ES9121000418450200051332")).toBe(false);
    expect(ibanNeedsBic("DE89370400440532013000")).toBe(false);
    expect(ibanNeedsBic("CH9300762011623852957")).toBe(true);
    expect(ibanNeedsBic("GB29NWBK60161331926819")).toBe(true);
  });

  it("has 8 or 11 characters of the ISO pattern", () => {
    expect(isValidBic("CAIXESBBXXX")).toBe(true);
    expect(isValidBic("caix es bb")).toBe(true);
    expect(isValidBic("CAIXESBBXX")).toBe(false);
    expect(isValidBic("CAIXES1B")).toBe(false);
    expect(isValidBic("NOTPROVIDED")).toBe(false); // the schema's pattern allows it; banks read it as "no BIC"
  });
});
