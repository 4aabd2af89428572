import { Form, Link, useSubmit } from "react-router";
import {
  BRANDS,
  filterChips,
  PAGE_SIZES,
  SIZE_OPTIONS,
  sizeGroupLabel,
  sizeParam,
  toSearch,
  type CatalogueState,
} from "~/domain/catalogue/catalogue-filters";
import type { Family } from "~/domain/catalogue/product";

type Props = { family: Family; state: CatalogueState; basePath: string };

/**
 * "Mostrar Filtros" / "Ocultar Filtros" and the four dropdowns (spec section 2). A GET form:
 * without JavaScript "Aplicar" submits it; with it, every change submits at once. The current
 * filters travel as hidden fields, so a dropdown adds to them; any change returns to page 1.
 */
export function FiltersPanel({ family, state, basePath }: Props) {
  const submit = useSubmit();
  const sizeName = sizeParam(family);
  const brandsLeft = BRANDS[family].filter((brand) => !state.brands.includes(brand));
  const sizesLeft = SIZE_OPTIONS[family].filter((option) => !state.sizes.includes(option.key));
  return (
    <details className="filters">
      <summary className="button button-secondary filters-toggle">
        <span className="when-closed">Mostrar Filtros</span>
        <span className="when-open">Ocultar Filtros</span>
      </summary>
      <Form
        method="get"
        action={basePath}
        className="filters-form"
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      >
        {state.brands.map((brand) => (
          <input key={brand} type="hidden" name="marca" value={brand} />
        ))}
        {state.sizes.map((size) => (
          <input key={size} type="hidden" name={sizeName} value={size} />
        ))}
        {/* The sizing advisor's power window (issue 15) stays while other filters change. */}
        {state.power?.minKw != null ? <input type="hidden" name="potenciaMin" value={state.power.minKw} /> : null}
        {state.power?.maxKw != null ? <input type="hidden" name="potenciaMax" value={state.power.maxKw} /> : null}
        <BrandField brands={brandsLeft} />
        <div className="field">
          <label htmlFor="filtro-orden">Precio</label>
          <select id="filtro-orden" name="orden" defaultValue={state.order ?? ""} key={state.order ?? ""}>
            <option value="">Sin ordenar</option>
            <option value="ascendente">Ascendente</option>
            <option value="descendente">Descendente</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-tamano">{sizeGroupLabel(family)}</label>
          <select id="filtro-tamano" name={sizeName} defaultValue="">
            <option value="">{family === "termostatos" ? "Todos los tipos" : "Todas las superficies"}</option>
            {sizesLeft.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <PageSizeField pageSize={state.pageSize} />
        <button type="submit" className="button filters-apply">
          Aplicar
        </button>
      </Form>
    </details>
  );
}

/** The removable chips under "Filtros:". */
export function FilterChips({ family, state, basePath }: Props) {
  const chips = filterChips(family, state);
  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <span className="chips-label" id="filtros-activos">
        Filtros:
      </span>
      <ul aria-labelledby="filtros-activos">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={`${basePath}${toSearch(family, chip.state)}`}
              className="chip"
              aria-label={`Quitar filtro ${chip.label}`}
              preventScrollReset
            >
              {chip.label} <span aria-hidden="true">✕</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Productos por página", the same on the catalogue and the search. */
export function PageSizeField({ pageSize }: { pageSize: number }) {
  return (
    <div className="field">
      <label htmlFor="filtro-por-pagina">Productos por página</label>
      <select id="filtro-por-pagina" name="porPagina" defaultValue={String(pageSize)} key={pageSize}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size === 100 ? "Todos" : size}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Marca": the brands not chosen yet, the same on the catalogue and the search. */
export function BrandField({ brands }: { brands: readonly string[] }) {
  return (
    <div className="field">
      <label htmlFor="filtro-marca">Marca</label>
      <select id="filtro-marca" name="marca" defaultValue="">
        <option value="">Todas las marcas</option>
        {brands.map((brand) => (
          <option key={brand} value={brand}>
            {brand}
          </option>
        ))}
      </select>
    </div>
  );
}
