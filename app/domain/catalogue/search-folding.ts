/**
 * Searching Spanish text without caring for accents: "garcia" finds "García", "nunez" and
 * "núñez" find "Núñez". The same mapping runs in the database (the generated search columns
 * use PostgreSQL's translate() with these two strings, see schema.server.ts) and on what the
 * owner types (foldAccents), so both sides agree letter for letter.
 */
export const ACCENTED = "áàâäãéèêëíìîïóòôöõúùûüñç";
export const PLAIN = "aaaaaeeeeiiiiooooouuuunc";

const MAP = new Map([...ACCENTED].map((char, index) => [char, PLAIN[index]!]));

export function foldAccents(text: string): string {
  return [...text.toLowerCase()].map((char) => MAP.get(char) ?? char).join("");
}
