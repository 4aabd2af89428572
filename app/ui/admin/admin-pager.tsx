import { Link } from "react-router";

export type AdminPagerProps = {
  /** What the list pages through, plural ("pedidos"): "Páginas de pedidos". */
  of: string;
  page: number;
  pageCount: number;
  /** The address of a page of the list, with its filters. */
  href: (page: number) => string;
};

/**
 * "Anterior · Página N de M · Siguiente" under an admin list: one place for every list.
 * Nothing when the list fits on one page. A page past the last one (an old link) says which
 * it is, and "Anterior" leads to the last page that has rows.
 */
export function AdminPager({ of, page, pageCount, href }: AdminPagerProps) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={`Páginas de ${of}`}>
      {page > 1 ? <Link to={href(Math.min(page - 1, pageCount))}>Anterior</Link> : null}
      <span>
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? <Link to={href(page + 1)}>Siguiente</Link> : null}
    </nav>
  );
}
