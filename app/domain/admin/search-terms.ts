import { foldAccents } from "../catalogue/search-folding";
import { SEARCH_MAX_LENGTH } from "./search-length";

export { SEARCH_MAX_LENGTH };

/*
 * The back office's one search (issue 30): what the owner types, made into the terms every
 * kind of record is matched by. Each record keeps one searched text (its `search_text`
 * column: names, e-mails, addresses, accents folded as foldAccents does; phones as bare
 * digits; document numbers and NIFs with letters and digits only), and a record is found when
 * it contains every term.
 *
 * - A phone typed any way ("600 12 34 56", "+34 600-123-456") is one term, its digits, without
 *   Spain's prefix.
 * - Otherwise each word is a term; a word with a digit and no "@" loses its dashes, dots and
 *   slashes ("12345678-Z", "F2026-000123"), as the stored numbers did.
 * - Words under three characters are left out: the trigram index cannot look them up, and
 *   "de", "la" or a floor number would match nearly everything anyway.
 */

export const SEARCH_KINDS = ["pedidos", "solicitudes", "presupuestos", "trabajos", "facturas", "visitas", "clientes"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  pedidos: "Pedidos",
  solicitudes: "Solicitudes",
  presupuestos: "Presupuestos",
  trabajos: "Trabajos",
  facturas: "Facturas",
  visitas: "Visitas",
  clientes: "Clientes",
};

/** One record found: its number or name, what identifies it, its date and its page. */
export type SearchHit = { key: string; title: string; details: string[]; when: string; href: string };
/** A kind's newest records found; `more`: there were more than shown. */
export type SearchGroup = { kind: SearchKind; hits: SearchHit[]; more: boolean };

/** How many of each kind the grouped results show; one kind alone shows up to SEARCH_KIND_LIMIT. */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_KIND_LIMIT = 50;
const SHORTEST_TERM = 3;

export type SearchTerms = { ok: true; terms: string[] } | { ok: false; error: string };

const PHONE_LIKE = /^[+\d\s().\-/]+$/;

/** A phone's digits without Spain's prefix (34 or 0034 before nine digits). */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("34")) return digits.slice(2);
  if (digits.length === 13 && digits.startsWith("0034")) return digits.slice(4);
  return digits;
}

function wordTerm(word: string): string {
  const trimmed = word.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}]+$/gu, "");
  return /\d/.test(trimmed) && !trimmed.includes("@") ? trimmed.replace(/[-./]/g, "") : trimmed;
}

export function searchTerms(typed: string): SearchTerms {
  const text = foldAccents(typed.trim()).slice(0, SEARCH_MAX_LENGTH);
  if (!text) return { ok: false, error: "Escriba lo que busca: un número, un nombre, un teléfono, un e-mail, un NIF o una dirección." };
  if (PHONE_LIKE.test(text)) {
    const digits = phoneDigits(text);
    if (digits.length >= SHORTEST_TERM) return { ok: true, terms: [digits] };
  }
  const terms = [...new Set(text.split(/\s+/).map(wordTerm))].filter((term) => term.length >= SHORTEST_TERM);
  if (terms.length === 0) return { ok: false, error: "Escriba al menos tres letras o cifras seguidas." };
  return { ok: true, terms };
}

/** The kind of ?tipo=, or null for every kind (anything else is ignored: the grouped view). */
export function searchKindOf(value: string | null): SearchKind | null {
  return (SEARCH_KINDS as readonly string[]).includes(value ?? "") ? (value as SearchKind) : null;
}
