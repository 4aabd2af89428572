import { BRANDS, DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page, type PageSize, type PriceOrder } from "./catalogue-filters";
import { FAMILIES, FAMILY_LABELS, isFamily, type CatalogueProduct, type Family } from "./product";
import { MAX_QUERY_LENGTH, SEARCH_PATH } from "./search-field";

/*
 * The search page's state in its URL (issue 15): /buscar?q=…&familia=…&marca=…&orden=…
 * &porPagina=…&pagina=…, the catalogue's parameter names and page sizes (catalogue-filters.ts),
 * with a family filter instead of the size ranges, which differ per family. Pure, as the
 * catalogue's: the loader parses, the page builds its links from the state.
 */


/** Removes what must not reach a query or a page: control characters; collapses spaces. */
export function cleanQueryText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").replace(/\s+/g, " ").trim();
}

export type SearchState = {
  q: string;
  family: Family | null;
  brands: string[];
  /** null: by relevance (the search's own order). */
  order: PriceOrder | null;
  page: number;
  pageSize: PageSize;
};

/**
 * A page of results, the matches per family whatever the family filter (its options), and the
 * typos the search corrected ("mitsubisi" searched as "mitsubishi").
 */
export type SearchResults = Page<CatalogueProduct> & {
  families: Partial<Record<Family, number>>;
  corrections: { typed: string; meant: string }[];
};

/** One suggestion of the header's search field (/buscar/sugerencias answers a list of them). */
export type SuggestionItem =
  | { kind: "familia"; label: string; href: string }
  | { kind: "producto"; label: string; detail: string; priceCents: number; href: string };

/** Every brand of the families given (all families: every brand), in the catalogue's order, once. */
export function searchBrands(families: readonly Family[] = FAMILIES): string[] {
  return [...new Set(families.flatMap((family) => BRANDS[family]))];
}

/**
 * The state a URL shows; unknown values are dropped as the catalogue drops them. `q` is cut to
 * MAX_QUERY_LENGTH here: the loader refuses a longer one before (search-params-schema.ts).
 */
export function parseSearchState(search: URLSearchParams): SearchState {
  const q = cleanQueryText(search.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const familyValue = search.get("familia") ?? "";
  const family = isFamily(familyValue) ? familyValue : null;
  const known = searchBrands(family ? [family] : FAMILIES);
  const brands = [...new Set(search.getAll("marca"))].filter((brand) => known.includes(brand));
  const orderValue = search.get("orden");
  const order = orderValue === "ascendente" || orderValue === "descendente" ? orderValue : null;
  const sizeValue = Number(search.get("porPagina"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeValue) ? (sizeValue as PageSize) : DEFAULT_PAGE_SIZE;
  const pageValue = Number(search.get("pagina") ?? "1");
  const page = Number.isInteger(pageValue) && pageValue >= 1 ? pageValue : 1;
  return { q, family, brands, order, page, pageSize };
}

/** The URL of a state; page 1 and the default page size are left out. */
export function searchHref(state: SearchState): string {
  const params = new URLSearchParams();
  params.set("q", state.q);
  if (state.family) params.set("familia", state.family);
  for (const brand of state.brands) params.append("marca", brand);
  if (state.order) params.set("orden", state.order);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("porPagina", String(state.pageSize));
  if (state.page > 1) params.set("pagina", String(state.page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** A state after a filter change: back to page 1, as the catalogue. */
export function changeSearch(state: SearchState, change: Partial<Omit<SearchState, "page" | "q">>): SearchState {
  return { ...state, ...change, page: 1 };
}

export type SearchChip = { label: string; state: SearchState };

/** The removable filter chips, each with the state it leaves. */
export function searchChips(state: SearchState): SearchChip[] {
  return [
    ...(state.family ? [{ label: FAMILY_LABELS[state.family].plural, state: changeSearch(state, { family: null, brands: [] }) }] : []),
    ...state.brands.map((brand) => ({ label: brand, state: changeSearch(state, { brands: state.brands.filter((b) => b !== brand) }) })),
    ...(state.order
      ? [{ label: state.order === "ascendente" ? "Precio ascendente" : "Precio descendente", state: changeSearch(state, { order: null }) }]
      : []),
  ];
}
