import { Link } from "react-router";
import { SEARCH_KIND_LABELS, SEARCH_KIND_LIMIT, type SearchGroup } from "~/domain/admin/search-terms";

/**
 * What the back office's one search found (issue 30), grouped by kind, newest first: one card
 * per record with its number or name, what identifies it and its date. A kind with more than
 * shown links to that kind alone; one kind alone says when there are even more.
 */
export function SearchResults({ q, groups, one }: { q: string; groups: SearchGroup[]; one: boolean }) {
  if (groups.length === 0) return <p role="status">No se ha encontrado nada con «{q}».</p>;
  return (
    <>
      <p role="status" className="visually-hidden">
        Resultados de «{q}»: {groups.map((group) => SEARCH_KIND_LABELS[group.kind].toLowerCase()).join(", ")}.
      </p>
      {groups.map((group) => (
        <section key={group.kind} className="admin-search-group" aria-labelledby={`encontrado-${group.kind}`}>
          <h2 id={`encontrado-${group.kind}`}>{SEARCH_KIND_LABELS[group.kind]}</h2>
          <ul className="admin-search-hits">
            {group.hits.map((hit) => (
              <li key={hit.key}>
                <Link to={hit.href} reloadDocument={hit.href.endsWith("/pdf")}>
                  {hit.title}
                </Link>
                <span>{hit.details.filter(Boolean).join(" · ")}</span>
                <span className="admin-muted">{hit.when}</span>
              </li>
            ))}
          </ul>
          {group.more ? (
            one ? (
              <p className="admin-muted">Se muestran los {SEARCH_KIND_LIMIT} más recientes: añada otra palabra para acotar la búsqueda.</p>
            ) : (
              <p>
                <Link to={`/admin/buscar?q=${encodeURIComponent(q)}&tipo=${group.kind}`}>Ver más {SEARCH_KIND_LABELS[group.kind].toLowerCase()}</Link>
              </p>
            )
          ) : null}
        </section>
      ))}
    </>
  );
}
