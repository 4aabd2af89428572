import { useCallback, useState } from "react";
import { preload } from "react-dom";
import { Link, useNavigation } from "react-router";
import { toSearch, type CatalogueState, type Page } from "~/domain/catalogue/catalogue-filters";
import { FAMILY_LABELS, type CatalogueProduct, type Family } from "~/domain/catalogue/product";
import { sizingHref } from "~/domain/sizing/sizing-inputs";
import { AddToBasketPopup } from "../basket/add-to-basket-popup";
import { FilterChips, FiltersPanel } from "./catalogue-filters-panel";
import { Pagination } from "../pagination";
import { ListStatus, ProductGrid } from "./product-grid";

const HELP: Record<Family, { text: string; href: string }> = {
  calderas: { text: "¿Te ayudamos a escoger tu caldera?", href: "/calderas-info" },
  termostatos: { text: "¿Te ayudamos a escoger tu termostato?", href: "/termostatos-info" },
  aires: { text: "¿Te ayudamos a escoger tu aire acondicionado?", href: "/aires-info" },
  aerotermia: { text: "¿Te ayudamos a escoger tu equipo de aerotermia?", href: "/aerotermia-info" },
};

export type CatalogueViewProps = {
  family: Family;
  state: CatalogueState;
  page: Page<CatalogueProduct>;
  /** Where filter changes go (the family's page without a preset). */
  basePath: string;
  /** Where page links go (this page, preset kept). */
  pagePath: string;
  /** The spec's "showHelp" input. */
  showHelp: boolean;
  /** The spec's "target" input: the boiler catalogue of one brand, without the filter button. */
  lockedBrand?: string;
  loadError: boolean;
};

/** The catalogue screen shared by the four families (spec section 2, "Catalogue screens"). */
export function CatalogueView(props: CatalogueViewProps) {
  const { family, state, page, basePath, pagePath, showHelp, lockedBrand, loadError } = props;
  const [chosen, setChosen] = useState<CatalogueProduct | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const navigation = useNavigation();
  // A spinner only while this catalogue's next data is really on its way.
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(`/tienda/${family}`);
  const close = useCallback(() => setChosen(null), []);
  const onAdded = useCallback((product: CatalogueProduct) => {
    setChosen(null);
    setAdded(`${product.brand} ${product.model} añadido al carrito.`);
  }, []);
  // The first card's image is the page's largest paint: ask for it from <head>. An uploaded
  // photo is preloaded by its card instead, in the format and width its <picture> will take.
  const first = page.items[0];
  if (first && !first.photos?.length) preload(first.image, { as: "image", fetchPriority: "high" });
  const hrefFor = (n: number) => `${pagePath}${toSearch(family, { ...state, page: n })}`;
  const pagination = (label: string) =>
    page.showPagination ? <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} label={label} /> : null;

  return (
    <div className="container catalogue">
      <header className="catalogue-header">
        <h1 className="page-title">{lockedBrand ? `${FAMILY_LABELS[family].plural} ${lockedBrand}` : FAMILY_LABELS[family].plural}</h1>
        {showHelp ? (
          <p className="catalogue-help">
            <Link to={HELP[family].href} className="help-link">
              {HELP[family].text}
            </Link>
            {family === "termostatos" ? null : (
              <Link to={sizingHref(family)} className="help-link">
                ¿Qué potencia necesito?
              </Link>
            )}
          </p>
        ) : null}
      </header>

      {lockedBrand ? null : (
        <>
          <FiltersPanel family={family} state={state} basePath={basePath} />
          <FilterChips family={family} state={state} basePath={basePath} />
        </>
      )}

      <ListStatus total={loadError ? null : page.total} added={added} />

      {family === "aerotermia" ? pagination("Paginación, arriba") : null}

      {loadError ? (
        <p className="form-error catalogue-error" role="alert">
          No hemos podido cargar el catálogo. Inténtelo de nuevo en unos minutos o llámenos y le atenderemos por teléfono.
        </p>
      ) : page.items.length === 0 ? (
        <p className="catalogue-empty">No hay productos con estos filtros. Quite alguno para ver más.</p>
      ) : (
        <ProductGrid items={page.items} loading={loading} onRequestQuote={setChosen} />
      )}

      {pagination(family === "aerotermia" ? "Paginación, abajo" : "Paginación")}

      <AddToBasketPopup product={chosen} onClose={close} onAdded={onAdded} />
    </div>
  );
}
