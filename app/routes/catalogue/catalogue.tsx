import { readForm } from "~/server/http/request-body.server";
import { data } from "react-router";
import { paginate, parseCatalogueState, powerLabel, SIZE_OPTIONS, toSearch, type Page } from "~/domain/catalogue/catalogue-filters";
import { catalogueHref, FAMILY_LABELS, isFamily, type CatalogueProduct } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { addToBasketAction } from "~/server/basket/basket-add.server";
import { cataloguePage } from "~/server/catalogue/catalogue.server";
import { CatalogueView } from "~/ui/catalogue/catalogue-view";
import type { Route } from "./+types/catalogue";
import { log } from "~/server/log.server";
import { pageUrl } from "~/server/http/page-url.server";

/** /tienda/{calderas|aires|aerotermia|termostatos}/:tipo: the four catalogues (spec section 2). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const family = url.pathname.split("/")[2] ?? "";
  if (!isFamily(family)) throw data(null, { status: 404 });
  const state = parseCatalogueState(family, params.tipo, url.searchParams);
  let page: Page<CatalogueProduct>;
  let loadError = false;
  try {
    page = await cataloguePage(family, state);
  } catch (error) {
    log("catalogue").error({ err: error }, "no se pudo leer el catálogo");
    loadError = true;
    page = paginate([], state.page, state.pageSize);
  }
  return data(
    {
      family,
      state: { ...state, page: page.page },
      page,
      basePath: catalogueHref(family),
      pagePath: url.pathname,
      loadError,
    },
    { status: loadError ? 503 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return addToBasketAction(request, await readForm(request), context);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = shopFromMatches(matches);
  if (!loaderData) return [{ title: `Tienda | ${shop.name}` }];
  const { family, state, pagePath } = loaderData;
  const sizeLabels = SIZE_OPTIONS[family].filter((o) => state.sizes.includes(o.key)).map((o) => o.label);
  // "de 3,4 a 4,1 kW" inside the title, not the chip's capital.
  const powerLabels = state.power ? [powerLabel(state.power).replace(/^./, (c) => c.toLowerCase())] : [];
  const detail = [...state.brands, ...sizeLabels, ...powerLabels].join(", ");
  const name = FAMILY_LABELS[family].plural;
  const pageText = state.page > 1 ? ` (página ${state.page})` : "";
  return pageMeta({
    title: `${name}${detail ? ` ${detail}` : ""}${pageText} | ${shop.name}`,
    description: DESCRIPTIONS[family],
    baseUrl: shop.baseUrl,
    path: `${pagePath}${toSearch(family, state)}`,
  });
};

const DESCRIPTIONS = {
  calderas:
    "Calderas de condensación Baxi, Saunier Duval, Ferroli, Hermann e Intergas con envío a toda España e instalación en Madrid. Precios con IVA.",
  aires: "Aires acondicionados Daikin, Mitsubishi, Fujitsu y Saunier Duval con bomba de calor e inverter. Instalación en Madrid.",
  aerotermia: "Equipos de aerotermia Daikin, Saunier Duval, Junkers y Mitsubishi para calefacción y agua caliente. Instalación en Madrid.",
  termostatos: "Termostatos analógicos, digitales y wifi de Honeywell, Saunier Duval y Orkli. Envío a toda España e instalación en Madrid.",
} as const;

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return <CatalogueView {...loaderData} showHelp />;
}
