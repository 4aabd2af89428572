import { data } from "react-router";
import { firstMessage } from "~/domain/fields/field-errors";
import { checkSearchParams } from "~/domain/catalogue/search-params-schema";
import { parseSearchQuery, queryLabels } from "~/domain/catalogue/search-query";
import { SEARCH_PATH } from "~/domain/catalogue/search-field";
import { parseSearchState, searchBrands, searchHref, type SearchResults } from "~/domain/catalogue/search-state";
import { pageWindow } from "~/domain/catalogue/catalogue-filters";
import { FAMILIES } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { addToBasketAction } from "~/server/basket/basket-add.server";
import { searchPage } from "~/server/catalogue/search.server";
import { log } from "~/server/log.server";
import { readForm } from "~/server/http/request-body.server";
import { SearchView } from "~/ui/catalogue/search-view";
import type { Route } from "./+types/search";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /buscar?q= (issue 15): the search's results with the catalogue's cards, filters and pages.
 * Not kept by the page cache (cacheable-pages.server.ts says why); search engines are asked
 * not to index it (the catalogue pages are what they should list).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const checked = checkSearchParams(url.searchParams);
  const problem = checked.success ? null : firstMessage(checked.error, "Búsqueda no válida.");
  const state = parseSearchState(url.searchParams);
  const query = parseSearchQuery(state.q);
  const empty: SearchResults = { ...pageWindow(1, 0, state.pageSize), items: [], families: {}, corrections: [] };
  let results = empty;
  let loadError = false;
  if (state.q && !problem) {
    try {
      results = await searchPage(query, state);
    } catch (error) {
      log("search").error({ err: error }, "no se pudo buscar en el catálogo");
      loadError = true;
    }
  }
  const brandFamilies = state.family ? [state.family] : query.families.length > 0 ? query.families : FAMILIES;
  return data(
    {
      state: { ...state, q: problem ? "" : state.q, page: results.page },
      results,
      understood: queryLabels(query),
      brands: searchBrands(brandFamilies),
      problem,
      loadError,
    },
    { status: problem ? 400 : loadError ? 503 : 200 },
  );
}

/** The cards' add-to-basket pop-up posts here, as on the catalogue. */
export async function action({ request, context }: Route.ActionArgs) {
  return addToBasketAction(request, await readForm(request), context);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = shopFromMatches(matches);
  const q = loaderData?.state.q ?? "";
  const pageText = loaderData && loaderData.state.page > 1 ? ` (página ${loaderData.state.page})` : "";
  return pageMeta({
    title: q ? `Buscar «${q}»${pageText} | ${shop.name}` : `Buscar | ${shop.name}`,
    description: "Busque calderas, aires acondicionados, aerotermia y termostatos por marca, modelo, tipo o potencia.",
    baseUrl: shop.baseUrl,
    path: loaderData && q ? searchHref(loaderData.state) : SEARCH_PATH,
    noindex: true,
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchView {...loaderData} />;
}
