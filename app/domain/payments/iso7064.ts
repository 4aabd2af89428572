/*
 * ISO 7064 MOD 97-10, the check of both the IBAN (ISO 13616) and the SEPA creditor
 * identifier: letters read as two digits (A = 10 ... Z = 35), the number taken mod 97 digit
 * by digit (it has up to 60 digits, past any safe integer). A right number leaves 1; the check
 * digits are 98 minus the remainder of the number with "00" in their place.
 */

/** "ES00" -> "142800", then that number mod 97. Upper-case letters and digits only. */
export function mod97(alphanumeric: string): number {
  let rest = 0;
  for (const character of alphanumeric) {
    const value = character >= "A" ? character.charCodeAt(0) - 55 : Number(character);
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return rest;
}

/** The two check digits that make `body` followed by them leave 1 mod 97 ("21000418450200051332ES" -> "91"). */
export function mod97CheckDigits(body: string): string {
  return String(98 - mod97(`${body}00`)).padStart(2, "0");
}
