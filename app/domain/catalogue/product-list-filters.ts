import { z } from "zod";
import { listQuery } from "../page-numbers";
import { FAMILIES, type Family } from "./product";

/*
 * The back office's product list (/admin/catalogo): filters, text and page live in the URL,
 * so every view is a link and works without JavaScript. Parameters (Spanish): q, familia,
 * visibilidad (visibles | ocultos), stock (bajo), pagina. A value the list does not know is
 * ignored rather than refused: a filter link is never an error page.
 */

export const PRODUCTS_PAGE_SIZE = 25;
export const MAX_PRODUCT_SEARCH_LENGTH = 100;

export const VISIBILITIES = ["visibles", "ocultos"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export type ProductListFilters = {
  text: string;
  family?: Family;
  visibility?: Visibility;
  lowStock: boolean;
  page: number;
};

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

// Built on first use: the list's component imports this module for its links (see orders/order-filters.ts).
let built: ReturnType<typeof buildSchema> | undefined;
const schema = () => (built ??= buildSchema());

const buildSchema = () =>
  z.object({
    q: z
      .string()
      .catch("")
      .transform((value) => value.trim().slice(0, MAX_PRODUCT_SEARCH_LENGTH)),
    familia: z.preprocess(blankToUndefined, z.enum(FAMILIES).optional()).catch(undefined),
    visibilidad: z.preprocess(blankToUndefined, z.enum(VISIBILITIES).optional()).catch(undefined),
    stock: z.string().catch("").transform((value) => value === "bajo"),
    pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
  });

export function parseProductListFilters(params: URLSearchParams): ProductListFilters {
  const parsed = schema().parse({
    q: params.get("q") ?? "",
    familia: params.get("familia") ?? undefined,
    visibilidad: params.get("visibilidad") ?? undefined,
    stock: params.get("stock") ?? "",
    pagina: params.get("pagina") ?? 1,
  });
  return { text: parsed.q, family: parsed.familia, visibility: parsed.visibilidad, lowStock: parsed.stock, page: parsed.pagina };
}

/** The query string of a view: the filters, and the page when it is not the first. */
export function productListQuery(filters: ProductListFilters, page = 1): string {
  return listQuery({ q: filters.text, familia: filters.family, visibilidad: filters.visibility, stock: filters.lowStock ? "bajo" : null }, page);
}

export function hasProductFilters(filters: ProductListFilters): boolean {
  return Boolean(filters.text || filters.family || filters.visibility || filters.lowStock);
}

/** "50%_off" searched literally in a LIKE pattern: its wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The back office flags a product at or below its own threshold (issue 11, default 2). */
export function isLowStock(product: { stock: number; lowStockThreshold: number }): boolean {
  return product.stock <= product.lowStockThreshold;
}
