import { Form, Link, useSubmit } from "react-router";
import { BrandField, PageSizeField } from "./catalogue-filters-panel";
import { SEARCH_PATH } from "~/domain/catalogue/search-field";
import { searchChips, searchHref, type SearchState } from "~/domain/catalogue/search-state";
import { FAMILIES, FAMILY_LABELS, type Family } from "~/domain/catalogue/product";

type Props = {
  state: SearchState;
  /** Matches per family, whatever the family filter. */
  families: Partial<Record<Family, number>>;
  /** The brands offered: of the family chosen, or of the families the words named. */
  brands: string[];
};

/**
 * The search's filters, as the catalogue's (catalogue-filters-panel.tsx): a GET form that
 * "Aplicar" submits without JavaScript and every change submits with it; the query and the
 * brands chosen travel as hidden fields; any change returns to page 1. A family filter, with
 * its count of matches, stands in for the size ranges, which differ per family.
 */
export function SearchFiltersPanel({ state, families, brands }: Props) {
  const submit = useSubmit();
  const total = FAMILIES.reduce((sum, family) => sum + (families[family] ?? 0), 0);
  const offered = FAMILIES.filter((family) => (families[family] ?? 0) > 0 || family === state.family);
  const brandsLeft = brands.filter((brand) => !state.brands.includes(brand));
  return (
    <details className="filters">
      <summary className="button button-secondary filters-toggle">
        <span className="when-closed">Mostrar Filtros</span>
        <span className="when-open">Ocultar Filtros</span>
      </summary>
      <Form
        method="get"
        action={SEARCH_PATH}
        className="filters-form"
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      >
        <input type="hidden" name="q" value={state.q} />
        {state.brands.map((brand) => (
          <input key={brand} type="hidden" name="marca" value={brand} />
        ))}
        <div className="field">
          <label htmlFor="filtro-familia">Familia</label>
          <select id="filtro-familia" name="familia" defaultValue={state.family ?? ""} key={state.family ?? ""}>
            <option value="">Todas ({total})</option>
            {offered.map((family) => (
              <option key={family} value={family}>
                {FAMILY_LABELS[family].plural} ({families[family] ?? 0})
              </option>
            ))}
          </select>
        </div>
        <BrandField brands={brandsLeft} />
        <div className="field">
          <label htmlFor="filtro-orden">Orden</label>
          <select id="filtro-orden" name="orden" defaultValue={state.order ?? ""} key={state.order ?? ""}>
            <option value="">Más relevantes</option>
            <option value="ascendente">Precio ascendente</option>
            <option value="descendente">Precio descendente</option>
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

/** The removable chips under "Filtros:", as the catalogue's. */
export function SearchChips({ state }: { state: SearchState }) {
  const chips = searchChips(state);
  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <span className="chips-label" id="filtros-activos">
        Filtros:
      </span>
      <ul aria-labelledby="filtros-activos">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link to={searchHref(chip.state)} className="chip" aria-label={`Quitar filtro ${chip.label}`} preventScrollReset>
              {chip.label} <span aria-hidden="true">✕</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
