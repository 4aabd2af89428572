import { Fragment, useCallback, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MAX_QUERY_LENGTH, SEARCH_PATH } from "~/domain/catalogue/search-field";
import { searchHref, type SearchResults, type SearchState } from "~/domain/catalogue/search-state";
import { catalogueHref, FAMILY_LABELS, type CatalogueProduct, type Family } from "~/domain/catalogue/product";
import { telHref } from "~/domain/site/contact-links";
import { useRootData } from "~/root";
import { AddToBasketPopup } from "../basket/add-to-basket-popup";
import { Pagination } from "../pagination";
import { ListStatus, ProductGrid } from "./product-grid";
import { SearchChips, SearchFiltersPanel } from "./search-filters-panel";

export type SearchViewProps = {
  state: SearchState;
  results: SearchResults;
  /** What the words were read as ("Aires acondicionados", "Unos 3,49 kW …"). */
  understood: string[];
  brands: string[];
  /** A query the page could not take (too long): the message. */
  problem: string | null;
  loadError: boolean;
};

/**
 * /buscar (issue 15): the results as the catalogue's cards, filters and pages; with no query,
 * a field and the families; with no result, says so and offers the families and the contact
 * form: never an empty page.
 */
export function SearchView({ state, results, understood, brands, problem, loadError }: SearchViewProps) {
  const [chosen, setChosen] = useState<CatalogueProduct | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  const close = useCallback(() => setChosen(null), []);
  const onAdded = useCallback((product: CatalogueProduct) => {
    setChosen(null);
    setAdded(`${product.brand} ${product.model} añadido al carrito.`);
  }, []);

  if (!state.q || problem) {
    return (
      <div className="container catalogue search-page">
        <h1 className="page-title">Buscar en la tienda</h1>
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <SearchAgain q="" />
        <FamiliesAndContact />
      </div>
    );
  }

  const filtered = state.family !== null || state.brands.length > 0;
  if (results.total === 0 && !filtered && !loadError) {
    return (
      <div className="container catalogue search-page">
        <h1 className="page-title">No hemos encontrado productos para «{state.q}»</h1>
        <p className="search-tips">
          Pruebe con menos palabras, con la marca o el modelo (por ejemplo «Daikin», «Baxi 24 kW», «3000 frigorías») o busque en
          nuestras familias de productos.
        </p>
        <SearchAgain q={state.q} />
        <FamiliesAndContact />
      </div>
    );
  }

  const hrefFor = (n: number) => searchHref({ ...state, page: n });
  return (
    <div className="container catalogue search-page">
      <header className="catalogue-header">
        <h1 className="page-title">Resultados de «{state.q}»</h1>
      </header>
      {results.corrections.length > 0 ? (
        <p className="search-understood">
          <span>Buscamos</span>{" "}
          {results.corrections.map(({ typed, meant }, index) => (
            <Fragment key={typed}>
              {index > 0 ? ", " : null}«{meant}» en lugar de «{typed}»
            </Fragment>
          ))}
          .
        </p>
      ) : null}
      {understood.length > 0 ? (
        <p className="search-understood">
          <span>Buscamos:</span> {understood.join(" · ")}
        </p>
      ) : null}
      <SearchFiltersPanel state={state} families={results.families} brands={brands} />
      <SearchChips state={state} />
      <ListStatus total={loadError ? null : results.total} added={added} />
      {loadError ? (
        <p className="form-error catalogue-error" role="alert">
          No hemos podido buscar en el catálogo. Inténtelo de nuevo en unos minutos o llámenos y le atenderemos por teléfono.
        </p>
      ) : results.items.length === 0 ? (
        <p className="catalogue-empty">No hay productos con estos filtros. Quite alguno para ver más.</p>
      ) : (
        <ProductGrid items={results.items} loading={loading} onRequestQuote={setChosen} />
      )}
      {results.showPagination ? <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefFor} label="Paginación" /> : null}
      <AddToBasketPopup product={chosen} onClose={close} onAdded={onAdded} />
    </div>
  );
}

/** A search field in the page (the header's is the same form): with no query or no result. */
function SearchAgain({ q }: { q: string }) {
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Buscar de nuevo" className="search-again">
      <label htmlFor="buscar-de-nuevo">¿Qué busca? Una marca, un modelo, un tipo de equipo o una potencia</label>
      <div className="search-again-row">
        <input id="buscar-de-nuevo" name="q" type="search" defaultValue={q} key={q} maxLength={MAX_QUERY_LENGTH} enterKeyHint="search" />
        <button type="submit" className="button">
          Buscar
        </button>
      </div>
    </Form>
  );
}

/** In the menu's order. */
const OFFERED: Family[] = ["calderas", "aires", "aerotermia", "termostatos"];

const BLURBS: Record<Family, string> = {
  calderas: "De condensación y mixtas, de 20 a 36 kW",
  aires: "Splits, conductos y cassette con bomba de calor",
  aerotermia: "Monobloc y bibloc para calefacción y agua caliente",
  termostatos: "Analógicos, digitales y wifi",
};

/** The four families and the contact form: what a visitor can do when the search finds nothing. */
function FamiliesAndContact() {
  const shop = useRootData()?.shop;
  return (
    <section className="search-help" aria-labelledby="familias-busqueda">
      <h2 id="familias-busqueda">Nuestras familias de productos</h2>
      <ul className="search-families">
        {OFFERED.map((family) => (
          <li key={family}>
            <Link to={catalogueHref(family)} className="search-family">
              <span className="search-family-name">{FAMILY_LABELS[family].plural}</span>
              <span className="search-family-blurb">{BLURBS[family]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="search-contact">
        ¿No encuentra lo que busca? <Link to="/contacto">Escríbanos desde el formulario de contacto</Link>
        {shop ? (
          <>
            {" "}
            o llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a>
          </>
        ) : null}{" "}
        y le ayudamos a elegir.
      </p>
    </section>
  );
}
