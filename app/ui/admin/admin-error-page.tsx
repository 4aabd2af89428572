import { isRouteErrorResponse, Link } from "react-router";
import { reportError } from "~/ui/report-error";

const TITLES: Record<number, string> = {
  400: "Petición no válida",
  404: "No encontrado",
  409: "Los datos han cambiado",
  413: "Formulario demasiado grande",
};

/**
 * An admin page's error, inside the back office's frame (its menu stays): what went wrong and
 * the way back to the list. A non-admin never gets here: the layout's own 404 comes first.
 * `filter`: a list whose loader answers 400 with `{ message }` for a filter it does not
 * understand; the page then says which, in Spanish, and links to the list without filters.
 */
export function AdminErrorPage({ error, back, filter }: { error: unknown; back: { to: string; label: string }; filter?: { to: string; label: string } }) {
  const message = isRouteErrorResponse(error) && error.status === 400 ? (error.data as { message?: unknown } | null)?.message : undefined;
  if (filter && typeof message === "string") {
    return (
      <section className="admin-section" aria-labelledby="admin-filter-error">
        <title>Filtro no válido | Administración</title>
        <h1 id="admin-filter-error">Filtro no válido</h1>
        <p>{message}</p>
        <p>
          <Link to={filter.to}>{filter.label}</Link>
        </p>
      </section>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) reportError(error);
  const title = TITLES[status] ?? "Algo ha salido mal";
  return (
    <section className="admin-section" aria-labelledby="admin-error-title">
      <title>{`${title} | Administración`}</title>
      <h1 id="admin-error-title">{title}</h1>
      <p>
        {status === 404
          ? "Lo que busca no existe o ya se ha borrado."
          : status === 500
            ? "Ha ocurrido un error inesperado. Inténtelo de nuevo en unos minutos."
            : "No se ha podido completar la operación. Vuelva a la página e inténtelo de nuevo."}
      </p>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
