/*
 * The bank account of a direct debit (issue 31): the IBAN a customer types, normalised,
 * checked and printed, and the BIC it may come with. Pure and small: the mandate form checks
 * it in the browser and the SEPA file builder again on the server.
 *
 * Checks, in order: the shape, a country of the SEPA schemes and its IBAN length (SWIFT's
 * IBAN registry), the ISO 13616 check digits (ISO 7064 mod 97-10), and for Spain the two
 * "dígitos de control" of the old CCC, which a wrong account number usually breaks even when
 * someone computed the IBAN's check digits from it.
 */
import { mod97, mod97CheckDigits } from "./iso7064";

/**
 * IBAN lengths of the countries in the SEPA schemes' geographical scope: EU and EEA, CH, GB,
 * GI, MC, SM, AD, VA, and since 2024-2025 AL, ME, MD, MK and RS. Territories such as the
 * French overseas departments, Åland, Guernsey, Jersey and Man use their state's IBANs.
 */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AL: 28, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20,
  ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MT: 31, NL: 18, NO: 15,
  PL: 28, PT: 25, RO: 24, RS: 22, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/**
 * SEPA countries outside the EEA: a debit to an account there still needs the debtor
 * bank's BIC (EPC SDD Core rulebook; inside the EEA the IBAN alone is enough since 2016).
 */
const BIC_REQUIRED = new Set(["AD", "AL", "CH", "GB", "GI", "MC", "MD", "ME", "MK", "RS", "SM", "VA"]);

export type IbanError = "empty" | "characters" | "country" | "length" | "checksum" | "spanish-account";

export type IbanCheck = { ok: true; iban: string } | { ok: false; error: IbanError; message: string };

export const IBAN_MESSAGES: Readonly<Record<Exclude<IbanError, "length">, string>> = {
  empty: "Escriba el IBAN de la cuenta.",
  characters: "El IBAN solo lleva letras y números: empieza por las dos letras del país (ES) y dos dígitos.",
  country: "Solo podemos domiciliar recibos en cuentas de la zona SEPA: revise las dos letras del país.",
  checksum: "El IBAN no es válido: revise los dígitos.",
  "spanish-account": "El IBAN no es válido: los dígitos de control de la cuenta no cuadran; revise el número.",
};

/** " es91 2100-0418 4502 0005 1332 " -> "ES9121000418450200051332": how IBANs are kept and compared. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** The two check digits of the IBAN of `bban` in `country` ("ES", "21000418450200051332" -> "91"). */
export function ibanCheckDigits(country: string, bban: string): string {
  return mod97CheckDigits(`${bban}${country}`);
}

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

function cccDigit(tenDigits: string): number {
  const sum = [...tenDigits].reduce((total, digit, i) => total + Number(digit) * CCC_WEIGHTS[i]!, 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/**
 * The two "dígitos de control" of a Spanish account: the first over "00" + bank and branch
 * (8 digits), the second over the account number (10 digits), each weighted 1, 2, 4, 8, 5,
 * 10, 9, 7, 3, 6 and taken as 11 minus the sum mod 11 (11 is 0, 10 is 1).
 */
export function spanishAccountControlDigits(bankAndBranch: string, account: string): string {
  return `${cccDigit(`00${bankAndBranch}`)}${cccDigit(account)}`;
}

export function checkIban(value: string): IbanCheck {
  const iban = normalizeIban(value);
  const refuse = (error: Exclude<IbanError, "length">): IbanCheck => ({ ok: false, error, message: IBAN_MESSAGES[error] });
  if (iban === "") return refuse("empty");
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return refuse("characters");
  const country = iban.slice(0, 2);
  const length = SEPA_IBAN_LENGTHS[country];
  if (length === undefined) return refuse("country");
  if (iban.length !== length) {
    return { ok: false, error: "length", message: `Un IBAN de ${country} tiene ${length} caracteres y este tiene ${iban.length}.` };
  }
  if (mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) !== 1) return refuse("checksum");
  if (country === "ES") {
    if (!/^\d+$/.test(iban.slice(4))) return refuse("checksum");
    if (iban.slice(12, 14) !== spanishAccountControlDigits(iban.slice(4, 12), iban.slice(14))) return refuse("spanish-account");
  }
  return { ok: true, iban };
}

export function isValidIban(value: string): boolean {
  return checkIban(value).ok;
}

/** "ES91 2100 0418 4502 0005 1332": the IBAN in groups of four, as printed on paper. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * "ES91 **** **** **** **** 1332": enough for a customer to recognise their account on a
 * page or an e-mail, not enough to copy it. The country, check digits and last four show.
 */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  if (iban.length <= 8) return formatIban(iban);
  return formatIban(iban.slice(0, 4) + "*".repeat(iban.length - 8) + iban.slice(-4));
}

/** Whether a debit to this (valid) IBAN must name the debtor's bank by its BIC. */
export function ibanNeedsBic(iban: string): boolean {
  return BIC_REQUIRED.has(normalizeIban(iban).slice(0, 2));
}

/** "caix es bb xxx" -> "CAIXESBBXXX". */
export function normalizeBic(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/**
 * A BIC of 8 or 11 characters, by the pattern of the ISO 20022 schemas (BICIdentifier).
 * "NOTPROVIDED" fits that pattern but is what a file writes when there is no BIC.
 */
export function isValidBic(value: string): boolean {
  const bic = normalizeBic(value);
  return bic !== "NOTPROVIDED" && /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(bic);
}
