import { FAMILIES, type Family } from "./product";
import { foldAccents } from "./search-folding";
import { MAX_QUERY_LENGTH } from "./search-field";
import { cleanQueryText } from "./search-state";

/*
 * What a customer types in the search field, read as the shop's catalogue understands it
 * (issue 15, decision 0013): the families and product types it names in the customer's own
 * words ("aire", "split", "caldera de condensación", "termostato wifi", "bibloc"), the features
 * it asks for (wifi, bomba de calor, inverter), a power written as people write it ("24 kW",
 * "3,5kw", "3000 frigorías", "12000 btu") and the words left, which the database matches against
 * brand, model and type (app/server/catalogue/search.server.ts). Pure: the same reading serves
 * the results page, the suggestions and the unit tests. Case and accents do not matter
 * (foldAccents, as the database's search_text column), nor one typo in the shop's own words.
 */

/** Words kept for the database: a pasted paragraph costs no more than a sentence. */
export const MAX_WORDS = 8;
/** 1 kW of cooling = 860 frigorías/hora (1 frigoría = 1 kcal taken away). */
export const FRIGORIAS_PER_KW = 860;
/** 1 kW = 3412 BTU/h, the unit of imported air conditioners ("12000 btu" = 3.5 kW). */
export const BTU_PER_KW = 3412;
/** A stated power matches units within this share of it: "3000 frigorías" (3.49 kW) finds 3.5 kW. */
export const POWER_TOLERANCE = 0.1;

export type Flag = "wifi" | "heatPump" | "inverter";
export type PowerUnit = "kw" | "w" | "frigorias" | "btu";

export type PowerAsked =
  /** One figure: products within POWER_TOLERANCE of it. `value` and `unit` as typed, for the page. */
  | { kind: "about"; kw: number; value: number; unit: PowerUnit }
  /** "de 3 a 4 kW", "20-25kw": the range, borders included. */
  | { kind: "range"; fromKw: number; toKw: number };

export type SearchQuery = {
  /** What was typed, trimmed and with control characters removed. */
  text: string;
  /** Families named or implied; empty: every family. */
  families: Family[];
  /** Product types asked within a family (the products.type values); a family absent: any type. */
  types: Partial<Record<Family, string[]>>;
  flags: Flag[];
  power: PowerAsked | null;
  /** What is left to match against brand, model and type: folded, letters and digits only. */
  words: string[];
};

type Meaning = { families?: Family[]; types?: Partial<Record<Family, string[]>>; flags?: Flag[] };

const BOILER_CONDENSING = ["Condensación", "Mixta condensación"];
const BIBLOC = ["Bibloc", "Bibloc con depósito integrado"];

/**
 * The shop's words and the customer's synonyms, folded. Phrases are matched first, longest
 * first, so "bomba de calor" is a feature and not three words, and "aire agua" is aerotermia.
 */
const PHRASES: [string, Meaning][] = [
  ["aire acondicionado", { families: ["aires"] }],
  ["aires acondicionados", { families: ["aires"] }],
  ["aire acondicionados", { families: ["aires"] }],
  ["aire", { families: ["aires"] }],
  ["aires", { families: ["aires"] }],
  ["acondicionado", { families: ["aires"] }],
  ["acondicionados", { families: ["aires"] }],
  ["climatizacion", { families: ["aires"] }],
  ["climatizador", { families: ["aires"] }],
  ["climatizadores", { families: ["aires"] }],
  ["split", { families: ["aires"] }],
  ["splits", { families: ["aires"] }],
  ["split de pared", { families: ["aires"], types: { aires: ["Split pared"] } }],
  ["split pared", { families: ["aires"], types: { aires: ["Split pared"] } }],
  ["de pared", { families: ["aires"], types: { aires: ["Split pared"] } }],
  ["pared", { families: ["aires"], types: { aires: ["Split pared"] } }],
  ["conductos", { families: ["aires"], types: { aires: ["Conductos"] } }],
  ["conducto", { families: ["aires"], types: { aires: ["Conductos"] } }],
  ["de conductos", { families: ["aires"], types: { aires: ["Conductos"] } }],
  ["cassette", { families: ["aires"], types: { aires: ["Cassette"] } }],
  ["casete", { families: ["aires"], types: { aires: ["Cassette"] } }],
  ["aerotermia", { families: ["aerotermia"] }],
  ["aerotermica", { families: ["aerotermia"] }],
  ["aerotermico", { families: ["aerotermia"] }],
  ["aire agua", { families: ["aerotermia"] }],
  ["bomba de calor aire agua", { families: ["aerotermia"], flags: ["heatPump"] }],
  ["monobloc", { families: ["aerotermia"], types: { aerotermia: ["Monobloc"] } }],
  ["monobloque", { families: ["aerotermia"], types: { aerotermia: ["Monobloc"] } }],
  ["bibloc", { families: ["aerotermia"], types: { aerotermia: BIBLOC } }],
  ["bibloque", { families: ["aerotermia"], types: { aerotermia: BIBLOC } }],
  ["caldera", { families: ["calderas"] }],
  ["calderas", { families: ["calderas"] }],
  ["caldera de gas", { families: ["calderas"] }],
  ["calderas de gas", { families: ["calderas"] }],
  ["gas", { families: ["calderas"] }],
  ["gas natural", { families: ["calderas"] }],
  ["propano", { families: ["calderas"] }],
  ["condensacion", { families: ["calderas"], types: { calderas: BOILER_CONDENSING } }],
  ["de condensacion", { families: ["calderas"], types: { calderas: BOILER_CONDENSING } }],
  ["mixta", { families: ["calderas"], types: { calderas: ["Mixta condensación"] } }],
  ["mixtas", { families: ["calderas"], types: { calderas: ["Mixta condensación"] } }],
  ["solo calefaccion", { families: ["calderas"], types: { calderas: ["Solo calefacción"] } }],
  ["calefaccion", { families: ["calderas", "aerotermia"] }],
  ["termostato", { families: ["termostatos"] }],
  ["termostatos", { families: ["termostatos"] }],
  ["cronotermostato", { families: ["termostatos"] }],
  ["cronotermostatos", { families: ["termostatos"] }],
  ["analogico", { families: ["termostatos"], types: { termostatos: ["analogico"] } }],
  ["analogicos", { families: ["termostatos"], types: { termostatos: ["analogico"] } }],
  ["digital", { families: ["termostatos"], types: { termostatos: ["digital"] } }],
  ["digitales", { families: ["termostatos"], types: { termostatos: ["digital"] } }],
  ["wifi", { flags: ["wifi"] }],
  ["wi fi", { flags: ["wifi"] }],
  ["bomba de calor", { flags: ["heatPump"] }],
  ["bomba calor", { flags: ["heatPump"] }],
  ["bombas de calor", { flags: ["heatPump"] }],
  ["inverter", { flags: ["inverter"] }],
];

const PHRASE_TOKENS = PHRASES.map(([phrase, meaning]) => ({ tokens: phrase.split(" "), meaning })).sort(
  (a, b) => b.tokens.length - a.tokens.length,
);

/** Words that say nothing about which product: dropped rather than required. */
const STOP_WORDS = new Set(
  "a al con de del el en la las lo los mi para por que se su un una uno unos unas y o e equipo equipos kit kits comprar compra precio precios barato barata baratos baratas oferta ofertas nuevo nueva tienda busco quiero"
    .split(" "),
);

/** Optimal string alignment distance, stopped early: is `a` at most one edit from `b`? */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) {
    // A substitution, or two neighbours swapped ("aerotermai").
    return restA === restB || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  // One letter more in the longer word.
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A typed token is the shop's word: exactly, or with one typo when both are long enough to tell. */
function sameWord(typed: string, known: string): boolean {
  return typed === known || (typed.length >= 5 && known.length >= 5 && withinOneEdit(typed, known));
}

/** The meanings of the shop's words that `token` is the beginning of (three letters at least). */
function beginnings(token: string): Meaning[] {
  if (token.length < 3 || /^\d/.test(token)) return [];
  return PHRASE_TOKENS.filter(({ tokens }) => tokens[0]!.startsWith(token)).map(({ meaning }) => meaning);
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const KW_UNIT = String.raw`(?:kw|kws|kilovatios?|kilowatios?|kilowatts?)`;
const FRIGORIAS_UNIT = String.raw`(?:frigorias?(?:\s*\/\s*h(?:ora)?)?|frig|fg(?:\s*\/\s*h)?|fgh|kcal(?:\s*\/\s*h)?)`;
const BTU_UNIT = String.raw`(?:btu(?:\s*\/\s*h)?|btus)`;
const WATT_UNIT = String.raw`(?:w|vatios?|watios?|watts?)`;

/** "3,5" and "3.5" are 3.5; "3.000" (a thousands point before three digits, frigorías and BTU) is 3000. */
function readNumber(text: string, thousands: boolean): number {
  if (thousands && /^\d{1,3}(?:\.\d{3})+$/.test(text)) return Number(text.replaceAll(".", ""));
  return Number(text.replace(",", "."));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The first power expression of the folded text, and the text without it. */
function extractPower(text: string): { power: PowerAsked | null; rest: string } {
  const range = new RegExp(String.raw`(?:\b(?:entre|de)\s+)?(?<![\w.,])${NUMBER}\s*(?:kw\s*)?(?:-|a|y|hasta)\s*${NUMBER}\s*${KW_UNIT}\b`);
  const rangeMatch = range.exec(text);
  if (rangeMatch) {
    const [from, to] = [readNumber(rangeMatch[1]!, false), readNumber(rangeMatch[2]!, false)].sort((a, b) => a - b) as [number, number];
    if (to > 0 && to <= 1000) {
      return { power: { kind: "range", fromKw: from, toKw: to }, rest: cut(text, rangeMatch) };
    }
  }
  const units: [PowerUnit, string, boolean, (n: number) => number][] = [
    ["kw", KW_UNIT, false, (n) => n],
    ["frigorias", FRIGORIAS_UNIT, true, (n) => n / FRIGORIAS_PER_KW],
    ["btu", BTU_UNIT, true, (n) => n / BTU_PER_KW],
    ["w", WATT_UNIT, true, (n) => n / 1000],
  ];
  for (const [unit, pattern, thousands, toKw] of units) {
    const match = new RegExp(String.raw`(?<![\w.,])${NUMBER}\s*${pattern}(?![a-z0-9])`).exec(text);
    if (!match) continue;
    const value = readNumber(match[1]!, thousands);
    const kw = round2(toKw(value));
    // A watt figure below 500 is not a heating or cooling power (a "20w" in a model, a typo).
    if (!(kw > 0 && kw <= 1000) || (unit === "w" && value < 500)) continue;
    return { power: { kind: "about", kw, value, unit }, rest: cut(text, match) };
  }
  return { power: null, rest: text };
}

const cut = (text: string, match: RegExpExecArray) => `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;

/**
 * Reads what the customer typed. `typing`: the text is still being typed (the suggestions), so
 * a last word that begins one of the shop's words ("aerot", "acond") counts as that word.
 */
export function parseSearchQuery(input: string, { typing = false } = {}): SearchQuery {
  const text = cleanQueryText(input).slice(0, MAX_QUERY_LENGTH);
  const { power, rest } = extractPower(foldAccents(text));
  const tokens = rest.split(/[^a-z0-9]+/).filter(Boolean);
  const families = new Set<Family>();
  // Each phrase's types of a family, kept apart: "caldera mixta de condensación" is the types
  // both name (mixta), "monobloc o bibloc" either (none in common).
  const types: Partial<Record<Family, string[][]>> = {};
  const flags = new Set<Flag>();
  const words: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const phrase = PHRASE_TOKENS.find(({ tokens: known }) => known.every((word, k) => tokens[i + k] !== undefined && sameWord(tokens[i + k]!, word)));
    if (phrase) {
      for (const family of phrase.meaning.families ?? []) families.add(family);
      for (const [family, names] of Object.entries(phrase.meaning.types ?? {}) as [Family, string[]][]) (types[family] ??= []).push(names);
      for (const flag of phrase.meaning.flags ?? []) flags.add(flag);
      i += phrase.tokens.length;
      continue;
    }
    const token = tokens[i]!;
    i += 1;
    if (STOP_WORDS.has(token)) continue;
    const begun = typing && i === tokens.length && !/[^a-z0-9]$/.test(rest) ? beginnings(token) : [];
    for (const meaning of begun) {
      for (const family of meaning.families ?? []) families.add(family);
      for (const flag of meaning.flags ?? []) flags.add(flag);
    }
    if (begun.length === 0 && !words.includes(token)) words.push(token);
  }
  // Frigorías and BTU are said of air conditioners only.
  if (power?.kind === "about" && (power.unit === "frigorias" || power.unit === "btu") && families.size === 0) families.add("aires");
  return {
    text,
    families: FAMILIES.filter((family) => families.has(family)),
    types: Object.fromEntries(Object.entries(types).map(([family, lists]) => [family, combineTypes(lists)])),
    flags: [...flags],
    power,
    words: words.slice(0, MAX_WORDS),
  };
}

/** The types every phrase named, or when they have none in common, any of them. */
function combineTypes(lists: string[][]): string[] {
  const common = lists.reduce((kept, list) => kept.filter((name) => list.includes(name)));
  return common.length > 0 ? common : [...new Set(lists.flat())];
}

/** Whether the query asks for anything at all (only stop words or symbols: nothing). */
export function asksForSomething(query: SearchQuery): boolean {
  return query.words.length > 0 || query.families.length > 0 || query.flags.length > 0 || query.power !== null;
}

/** The power window a query's power selects, in kW, and the figure to rank closest first. */
export function powerWindow(power: PowerAsked): { minKw: number; maxKw: number; targetKw: number } {
  if (power.kind === "range") return { minKw: power.fromKw, maxKw: power.toKw, targetKw: (power.fromKw + power.toKw) / 2 };
  return { minKw: round2(power.kw * (1 - POWER_TOLERANCE)), maxKw: round2(power.kw * (1 + POWER_TOLERANCE)), targetKw: power.kw };
}

/** Whether a product's power is what the query asks (a product without power never is). */
export function powerMatches(power: PowerAsked, powerKw: number | null): boolean {
  if (powerKw === null) return false;
  const { minKw, maxKw } = powerWindow(power);
  return powerKw >= minKw && powerKw <= maxKw;
}

const TYPE_LABELS: Record<string, string> = { analogico: "Analógico", digital: "Digital" };
const FLAG_LABELS: Record<Flag, string> = { wifi: "Con wifi", heatPump: "Con bomba de calor", inverter: "Inverter" };
const FAMILY_NAMES: Record<Family, string> = {
  calderas: "Calderas",
  termostatos: "Termostatos",
  aires: "Aires acondicionados",
  aerotermia: "Aerotermia",
};
const UNIT_NAMES: Record<PowerUnit, string> = { kw: "kW", w: "W", frigorias: "frigorías/h", btu: "BTU/h" };

const decimal = (n: number) => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 }).format(n);

/** What the page says it understood ("Aires acondicionados", "Unos 3,49 kW (3000 frigorías/h)"). */
export function queryLabels(query: SearchQuery): string[] {
  const families = query.families.map((family) => {
    const types = query.types[family];
    return types ? `${FAMILY_NAMES[family]}: ${types.map((type) => TYPE_LABELS[type] ?? type).join(" o ")}` : FAMILY_NAMES[family];
  });
  const power = query.power;
  const powerLabel = !power
    ? []
    : power.kind === "range"
      ? [`De ${decimal(power.fromKw)} a ${decimal(power.toKw)} kW`]
      : [`Unos ${decimal(power.kw)} kW${power.unit === "kw" ? "" : ` (${decimal(power.value)} ${UNIT_NAMES[power.unit]})`}`];
  return [...families, ...query.flags.map((flag) => FLAG_LABELS[flag]), ...powerLabel];
}
