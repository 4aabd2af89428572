/*
 * Spanish identifiers of the order form (spec section 5), checked by their control character,
 * not only by their shape. Case-insensitive; spaces and hyphens inside an id are ignored.
 */

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** "12.345.678-z" -> "12345678Z": how ids are stored and compared. */
export function normalizeSpanishId(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

/** DNI/NIF of a Spanish citizen: 8 digits and the letter of their value mod 23. */
export function isValidNif(value: string): boolean {
  const id = normalizeSpanishId(value);
  const match = /^(\d{8})([A-Z])$/.exec(id);
  return !!match && NIF_LETTERS[Number(match[1]) % 23] === match[2];
}

/** NIE of a foreign resident: X, Y or Z (read as 0, 1, 2), 7 digits, then the NIF letter. */
export function isValidNie(value: string): boolean {
  const id = normalizeSpanishId(value);
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (!match) return false;
  const number = Number(`${"XYZ".indexOf(match[1]!)}${match[2]}`);
  return NIF_LETTERS[number % 23] === match[3];
}

/* Entity types whose control character is always a letter, and those where it is a digit. */
const CIF_LETTER_CONTROL = "PQRSNW";
const CIF_DIGIT_CONTROL = "ABEH";

/**
 * CIF (NIF of a company): an entity letter, 7 digits and a control character. Digits in odd
 * places are doubled (and the two figures of the result added), the even ones added as they
 * are; the control digit is 10 minus the last figure of the sum, and its letter is "JABCDEFGHI"
 * at that digit.
 */
export function isValidCif(value: string): boolean {
  const id = normalizeSpanishId(value);
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!match) return false;
  const [, entity, digits, control] = match as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  const controlDigit = (10 - (sum % 10)) % 10;
  const controlLetter = "JABCDEFGHI"[controlDigit];
  const isDigit = /\d/.test(control);
  if (CIF_LETTER_CONTROL.includes(entity)) return !isDigit && control === controlLetter;
  if (CIF_DIGIT_CONTROL.includes(entity)) return isDigit && Number(control) === controlDigit;
  return isDigit ? Number(control) === controlDigit : control === controlLetter;
}

/** The "CIF/NIF/NIE" field: any of the three, with a correct control character. */
export function isValidSpanishId(value: string): boolean {
  return isValidNif(value) || isValidNie(value) || isValidCif(value);
}

/** The customer's NIF, DNI or NIE an invoice can carry (normalised), or null when there is none valid. */
export function invoiceableNif(customer: { nif?: string | null }): string | null {
  const nif = normalizeSpanishId(customer.nif ?? "");
  return nif && isValidSpanishId(nif) ? nif : null;
}
