/*
 * The characters a SEPA file may carry (issue 31). The EPC's implementation guidelines allow
 * every bank to take only the basic Latin set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space.
 * Names and remittance text are written into it as Spanish banks' own converters do
 * (José Núñez -> Jose Nunez, Pérez & Hijos -> Perez + Hijos); identifiers are ours and must
 * already be in it.
 */

const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** What NFKD decomposition does not bring into the set, and the nearest in it. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  "&": "+", ß: "ss", Æ: "AE", æ: "ae", Œ: "OE", œ: "oe", Ø: "O", ø: "o", Ł: "L", ł: "l", Đ: "D", đ: "d",
  Þ: "TH", þ: "th", "€": "EUR", _: "-", "‐": "-", "–": "-", "—": "-", "‘": "'", "’": "'", "´": "'", "`": "'",
  '"': "'", "“": "'", "”": "'", "«": "'", "»": "'", ";": ",", "[": "(", "]": ")", "{": "(", "}": ")",
};

export function isSepaText(value: string): boolean {
  return SEPA_TEXT.test(value);
}

/**
 * `value` in the SEPA set: accents dropped (NFKD, then its combining marks removed: á -> a,
 * ñ -> n, ç -> c, ª -> a), the few letters and signs above replaced, anything else a space;
 * spaces collapsed, and cut to `maxLength` when given.
 */
export function toSepaText(value: string, maxLength?: number): string {
  const text = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/./gsu, (character) => (SEPA_TEXT.test(character) ? character : (REPLACEMENTS[character] ?? " ")))
    .replace(/\s+/g, " ")
    .trim();
  return maxLength === undefined ? text : text.slice(0, maxLength).trimEnd();
}

/**
 * An identifier we write (message, block, end-to-end, mandate): 1 to `maxLength` characters
 * of the set, not starting or ending with "/" and without "//" (EPC guidelines). Without
 * spaces too: the Deutsche Kreditwirtschaft's subset refuses them in a mandate reference, and
 * ours never need one.
 */
export function isSepaIdentifier(value: string, maxLength = 35): boolean {
  return (
    value.length >= 1 &&
    value.length <= maxLength &&
    /^[A-Za-z0-9/\-?:().,'+]+$/.test(value) &&
    !value.startsWith("/") &&
    !value.endsWith("/") &&
    !value.includes("//")
  );
}
