import { DEFAULT_PAGE_SIZE, toSearch, type CatalogueState } from "~/domain/catalogue/catalogue-filters";
import { catalogueHref } from "~/domain/catalogue/product";
import type { SizedFamily } from "~/domain/sizing/sizing-guide";
import type { PowerWindow } from "~/domain/sizing/sizing-rules";
import { catalogueQueries } from "../catalogue/catalogue.server";
import { getDb } from "../db/db.server";

/*
 * The sizing advisor's way into the catalogue (issue 15): the family's catalogue filtered to
 * the recommendation's power window (potenciaMin / potenciaMax), and how many visible products
 * it holds, counted by the catalogue's own SQL so the number matches the page it links to.
 */

export type FittingProducts = { href: string; count: number };

export async function fittingProducts(family: SizedFamily, window: PowerWindow): Promise<FittingProducts> {
  const state: CatalogueState = {
    brands: [],
    sizes: [],
    order: null,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    power: { minKw: window.minKw, maxKw: window.maxKw },
  };
  const [counted] = await catalogueQueries(await getDb(), family, state).count;
  return { href: `${catalogueHref(family)}${toSearch(family, state)}`, count: counted?.total ?? 0 };
}
