import { Link } from "react-router";

type Props = {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
};

/** ANTERIOR, the page numbers (current highlighted) and SIGUIENTE (spec section 2). */
export function Pagination({ page, pageCount, hrefFor, label }: Props) {
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className="page-link">
              ANTERIOR
            </Link>
          ) : (
            <span className="page-link" aria-disabled="true">
              ANTERIOR
            </span>
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              className={n === page ? "page-link page-current" : "page-link"}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Página ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className="page-link">
              SIGUIENTE
            </Link>
          ) : (
            <span className="page-link" aria-disabled="true">
              SIGUIENTE
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
