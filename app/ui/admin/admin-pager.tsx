import { Link } from "react-router";

type Props = {
  /** "Páginas de pedidos": what the navigation pages through. */
  label: string;
  page: number;
  pageCount: number;
  /** The page number shown, when it differs from the one asked (a page past the end). */
  shownPage?: number;
  /** Where "Anterior" leads; the page before by default. */
  previousPage?: number;
  /** The address of a page of the list, with its filters. */
  href: (page: number) => string;
};

/**
 * "Anterior · Página N de M · Siguiente" under an admin list: one place for every list.
 * Nothing when the list fits on the page being shown.
 */
export function AdminPager({ label, page, pageCount, shownPage = page, previousPage = page - 1, href }: Props) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      {page > 1 ? <Link to={href(previousPage)}>Anterior</Link> : null}
      <span>
        Página {shownPage} de {pageCount}
      </span>
      {page < pageCount ? <Link to={href(page + 1)}>Siguiente</Link> : null}
    </nav>
  );
}
