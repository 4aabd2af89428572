import { and, asc, desc, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { pageWindow } from "~/domain/catalogue/catalogue-filters";
import { asksForSomething, powerWindow, type Flag, type SearchQuery } from "~/domain/catalogue/search-query";
import type { SearchResults, SearchState } from "~/domain/catalogue/search-state";
import { FAMILIES, type CatalogueProduct } from "~/domain/catalogue/product";
import { cardColumns } from "./catalogue.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { products } from "../db/schema.server";

/*
 * The shop's search (issue 15, decision 0013) on PostgreSQL's own tools, the same on PGlite
 * and PostgreSQL. Each word the query parser left (app/domain/catalogue/search-query.ts) must
 * begin a word of the product's brand, model or type, through the text search vector and its
 * GIN index ("dai" finds Daikin, "ftxf35" FTXF35E); all the words make one text query, one
 * index scan. A word of letters that begins no word of any visible product is taken for a
 * typo ("daiken", "mitsubisi") and corrected first: the trigram index (GIN, pg_trgm) finds a
 * few products whose text has a stretch at least WORD_SIMILARITY alike (`search_text %> word`),
 * and the word of theirs most like it stands in for it. Checking trigrams costs about forty
 * times a text search per row, so only those few rows pay for them, never the thousands a
 * brand can have; and a word spelt right pays nothing. Codes (words with digits) are not
 * corrected: one digit off is another model.
 * The families, types, features and power the parser read narrow the rows further; hidden
 * products are never found. Every statement runs with sequential scans discouraged, so the
 * rows come from the indexes even when a brand matches a quarter of the catalogue. The order:
 * the words side by side as in the name first, whole words before beginnings, a brand named,
 * the power nearest the one asked, then the catalogue's order (oldest first).
 */

/**
 * pg_trgm's word similarity taken for one typo (its default, 0.6, misses one letter wrong in
 * the middle of a six-letter brand: "daiken" is 0.57 of "daikin"). Set per transaction.
 */
export const WORD_SIMILARITY = 0.5;
/** Words corrected: letters only, four at least (shorter ones share too few trigrams to tell). */
const TYPO_CANDIDATE = /^[a-z]{4,}$/;
/** Rows read to correct a typo: enough to meet its word, few enough to cost nothing. */
const CORRECTION_ROWS = 40;

export type Correction = { typed: string; meant: string };

/** The parsed query with its words as matched: typos replaced by the words they stand for. */
export type SearchPlan = { query: SearchQuery; words: string[]; corrections: Correction[] };

/** Words are letters and digits only (the parser's tokens): safe inside a text query. */
const beginningsQuery = (words: readonly string[]) => sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" & ")})`;

/** The statement finding the word of a visible product most like `typed`, through the trigram index. */
export function correctionStatement(typed: string): SQL {
  return sql`
    select word from (
      select regexp_split_to_table(near.search_text, '[^a-z0-9]+') as word
      from (
        select ${products.searchText} as search_text from ${products}
        where ${products.active} and ${products.searchText} %> ${typed}
        limit ${CORRECTION_ROWS}
      ) as near
    ) as words
    where word <> ''
    group by word
    order by similarity(word, ${typed}) desc, count(*) desc, word
    limit 1`;
}

/**
 * Runs `run` with plain index scans off: with a LIMIT the planner would rather walk another
 * index checking every row's trigrams until it has enough (4,500 rows for a brand's typo) than
 * take the trigram index's bitmap. Inside withSearchSettings's transaction.
 */
export async function withTrigramBitmap<T>(db: Database, run: () => Promise<T>): Promise<T> {
  await db.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`);
  const result = await run();
  await db.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_indexonlyscan', 'on', true)`);
  return result;
}

/**
 * The plan of a query: which words begin a word of a visible product (one indexed look-up for
 * all), and the correction of each typo.
 */
export async function resolveWords(db: Database, query: SearchQuery): Promise<SearchPlan> {
  const candidates = query.words.filter((word) => TYPO_CANDIDATE.test(word));
  if (candidates.length === 0) return { query, words: query.words, corrections: [] };
  const rows = await db.execute<{ word: string }>(sql`
    select word from (values ${sql.join(
      candidates.map((word) => sql`(${word}::text)`),
      sql`, `,
    )}) as typed(word)
    where exists (
      select 1 from ${products}
      where ${products.active} and ${products.searchVector} @@ to_tsquery('simple', word || ':*')
    )`);
  const found = new Set(rows.rows.map((row) => row.word));
  const corrections: Correction[] = [];
  const typos = candidates.filter((word) => !found.has(word));
  if (typos.length > 0) {
    await withTrigramBitmap(db, async () => {
      for (const typed of typos) {
        const [row] = (await db.execute<{ word: string }>(correctionStatement(typed))).rows;
        if (row) corrections.push({ typed, meant: row.word });
      }
    });
  }
  const words = query.words.map((word) => corrections.find((c) => c.typed === word)?.meant ?? word);
  return { query, words: [...new Set(words)], corrections };
}

const FLAG_COLUMNS: Record<Flag, AnyColumn> = { wifi: products.wifi, heatPump: products.heatPump, inverter: products.inverter };

/** What the plan asks of a row; the family filter of the page apart (the facet counts ignore it). */
function planConditions({ query, words }: SearchPlan, brands: readonly string[]): SQL[] {
  const where: SQL[] = [sql`${products.active}`];
  if (query.families.length > 0) {
    where.push(
      or(
        ...query.families.map((family) => {
          const types = query.types[family];
          return and(eq(products.family, family), types ? inArray(products.type, types) : undefined);
        }),
      )!,
    );
  }
  for (const flag of query.flags) where.push(eq(FLAG_COLUMNS[flag], true));
  if (query.power) {
    const { minKw, maxKw } = powerWindow(query.power);
    where.push(gte(products.powerKw, minKw), lte(products.powerKw, maxKw));
  }
  if (brands.length > 0) where.push(inArray(products.brand, [...brands]));
  if (words.length > 0) where.push(sql`${products.searchVector} @@ ${beginningsQuery(words)}`);
  return where;
}

/**
 * Higher is nearer: the words typed side by side as in the product's name ("daikin sensira",
 * "msz hr35vf": 10), each whole word (2) or beginning (1.5), a brand named (1). Read from the
 * text search vector, not by folding each row's text again: a brand can order 2,500 rows.
 */
function relevance({ words }: SearchPlan): SQL | null {
  if (words.length === 0) return null;
  const scores = words.map((word) => sql`case when ${products.searchVector} @@ to_tsquery('simple', ${word}) then 2 else 1.5 end`);
  if (words.length > 1) {
    scores.unshift(sql`case when ${products.searchVector} @@ to_tsquery('simple', ${words.join(" <-> ")}) then 10 else 0 end`);
  }
  scores.push(sql`case when ${inArray(sql`lower(${products.brand})`, words)} then 1 else 0 end`);
  return sql`(${sql.join(scores, sql` + `)})`;
}

function searchOrder(plan: SearchPlan, order: SearchState["order"]): SQL[] {
  if (order) return [order === "ascendente" ? asc(products.priceCents) : desc(products.priceCents), asc(products.id)];
  const score = relevance(plan);
  const power = plan.query.power;
  return [
    ...(score ? [sql`${score} desc`] : []),
    ...(power ? [sql`abs(${products.powerKw} - ${powerWindow(power).targetKw}) asc`] : []),
    asc(products.id),
  ];
}

/**
 * Runs the search's statements in one transaction with its settings: the typo threshold, and
 * sequential scans discouraged (the planner would read a whole 10,000-row table for a brand on
 * a quarter of it, checking every row's trigrams: 80 ms instead of 20 on the embedded database).
 */
export async function withSearchSettings<T>(db: Database, run: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`);
    return run(tx as unknown as Database);
  });
}

/**
 * The statements of a results page: the matches per family (the family filter's counts and the
 * total), and one page of cards in the search's order. Exported for EXPLAIN (tests/pg, the bench).
 */
export function searchQueries(db: Database, plan: SearchPlan, state: Pick<SearchState, "family" | "brands" | "order" | "pageSize">) {
  const where = planConditions(plan, state.brands);
  return {
    facets: db
      .select({ family: products.family, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...where))
      .groupBy(products.family),
    rows: (offset: number) =>
      db
        .select(cardColumns)
        .from(products)
        .where(and(...where, state.family ? eq(products.family, state.family) : undefined))
        .orderBy(...searchOrder(plan, state.order))
        .limit(state.pageSize)
        .offset(offset),
  };
}

const nothing = (state: SearchState): SearchResults => ({ ...pageWindow(1, 0, state.pageSize), items: [], families: {}, corrections: [] });

/** One page of results for a parsed query in a state (filters, order, page, page size). */
export async function searchPage(query: SearchQuery, state: SearchState): Promise<SearchResults> {
  if (!asksForSomething(query)) return nothing(state);
  return withSearchSettings(await getDb(), async (db) => {
    const plan = await resolveWords(db, query);
    const { corrections } = plan;
    const queries = searchQueries(db, plan, state);
    const counted = await queries.facets;
    const families = Object.fromEntries(FAMILIES.flatMap((family) => counted.filter((row) => row.family === family).map((row) => [family, row.count])));
    const total = state.family ? (families[state.family] ?? 0) : counted.reduce((sum, row) => sum + row.count, 0);
    const { offset, ...window } = pageWindow(state.page, total, state.pageSize);
    if (total === 0) return { ...window, items: [], families, corrections };
    const rows = await queries.rows(offset);
    return { ...window, items: rows.map((row) => ({ ...row, description: "", description2: "", images: [] })), families, corrections };
  });
}

export type ProductSuggestion = Pick<CatalogueProduct, "id" | "family" | "brand" | "model" | "type" | "powerKw" | "priceCents">;

/**
 * Suggestions rank at most this many matches: a brand alone matches a quarter of a 10,000-product
 * catalogue, every one of them equally relevant, and fetching them all to keep 8 made the
 * suggestion's time grow with the catalogue. A query precise enough for the order to matter
 * (a model, a series and a power) matches far fewer.
 */
export const SUGGESTION_CANDIDATES = 200;

/** The suggestions' statement: the first `limit` products in the search's order, few columns. */
export function suggestionQuery(db: Database, plan: SearchPlan, limit: number) {
  const candidates = db
    .select({ id: products.id })
    .from(products)
    .where(and(...planConditions(plan, [])))
    .limit(SUGGESTION_CANDIDATES)
    .as("candidates");
  return db
    .select({
      id: products.id,
      family: products.family,
      brand: products.brand,
      model: products.model,
      type: products.type,
      powerKw: products.powerKw,
      priceCents: products.priceCents,
    })
    .from(products)
    .innerJoin(candidates, eq(candidates.id, products.id))
    .orderBy(...searchOrder(plan, null))
    .limit(limit);
}

/** The products suggested while typing: the best `limit` matches. */
export async function suggestProducts(query: SearchQuery, limit: number): Promise<ProductSuggestion[]> {
  if (!asksForSomething(query) || limit <= 0) return [];
  return withSearchSettings(await getDb(), async (db) => suggestionQuery(db, await resolveWords(db, query), limit));
}
