import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import { Form, useLocation } from "react-router";
import { MAX_QUERY_LENGTH, SEARCH_PATH } from "~/domain/catalogue/search-field";
import { SearchIcon } from "../icons";

// The suggestions (a combobox, issue 15) are fetched when the visitor comes to the field, not
// in every page's first load (issue 14's budget): until then, and without JavaScript, the
// field is a plain GET form to /buscar. If their code cannot be fetched (a deploy replaced
// it), the field stays that form rather than the page failing.
type ComboboxProps = { input: RefObject<HTMLInputElement | null> };
const SearchCombobox = lazy<ComponentType<ComboboxProps>>(() => import("./search-combobox").catch(() => ({ default: () => null })));

/** The search field of the header, on every page. */
export function HeaderSearch() {
  const { pathname, search } = useLocation();
  const q = pathname === SEARCH_PATH ? (new URLSearchParams(search).get("q") ?? "") : "";
  const input = useRef<HTMLInputElement>(null);
  const [wanted, setWanted] = useState(false);
  // The results page shows its query in the field; a new search shows the new one, unless
  // the visitor is typing in it.
  useEffect(() => {
    const field = input.current;
    if (field && document.activeElement !== field) field.value = q;
  }, [q]);
  const want = () => setWanted(true);
  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Buscar en la tienda" className="header-search" onFocus={want} onPointerEnter={want}>
      <label htmlFor="busqueda" className="visually-hidden">
        Buscar
      </label>
      <input
        ref={input}
        id="busqueda"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Buscar: marca, modelo, kW…"
        enterKeyHint="search"
        className="header-search-input"
      />
      <button type="submit" className="header-search-submit">
        <SearchIcon size={20} />
        <span className="visually-hidden">Buscar</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchCombobox input={input} />
        </Suspense>
      ) : null}
    </Form>
  );
}
