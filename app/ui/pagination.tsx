import { Link } from "react-router";
import { pageNumbers } from "~/domain/page-numbers";

type Props = {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
};

/** ANTERIOR, the page numbers (current highlighted; "…" for a run of others) and SIGUIENTE (spec section 2). */
export function Pagination({ page, pageCount, hrefFor, label }: Props) {
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
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            // The numbers on each side say which pages it stands for; screen readers skip it.
            <li key={`gap-${i}`} aria-hidden="true">
              <span className="page-gap">…</span>
            </li>
          ) : (
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
          ),
        )}
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
