import { data, Form, Link, useLoaderData } from "react-router";
import { SEARCH_KIND_LABELS, SEARCH_MAX_LENGTH, searchKindOf, searchTerms } from "~/domain/admin/search-terms";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { searchEverything } from "~/server/admin/search.server";
import { getDb } from "~/server/db/db.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { SearchResults } from "~/ui/admin/search-results";
import type { Route } from "./+types/search";

/**
 * /admin/buscar (issue 30): one box for every kind of record, as the phone's bar and the
 * desktop's header reach it. ?q= what was typed; ?tipo= one kind only, with more of it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const kind = searchKindOf(params.get("tipo"));
  if (!q.trim()) return { q, kind, groups: null, error: null };
  const parsed = searchTerms(q);
  if (!parsed.ok) return data({ q, kind, groups: null, error: parsed.error }, { status: 400 });
  return { q, kind, groups: await searchEverything(await getDb(), parsed.terms, kind), error: null };
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => adminMeta(loaded?.q ? `Buscar «${loaded.q}»` : "Buscar");

export default function SearchPage() {
  const { q, kind, groups, error } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{kind ? `Buscar en ${SEARCH_KIND_LABELS[kind].toLowerCase()}` : "Buscar"}</h1>
      <Form method="get" role="search" aria-label="Buscar en la administración" className="admin-search-form">
        <div className="field">
          <label htmlFor="buscar-q">Número, nombre, teléfono, e-mail, NIF o dirección</label>
          <input id="buscar-q" name="q" type="search" defaultValue={q} maxLength={SEARCH_MAX_LENGTH} enterKeyHint="search" aria-invalid={error ? true : undefined} aria-describedby={error ? "buscar-error" : "buscar-ayuda"} />
          {error ? (
            <p id="buscar-error" className="field-error" role="alert">
              {error}
            </p>
          ) : (
            <p id="buscar-ayuda" className="field-hint">
              Pedidos, solicitudes, presupuestos, trabajos, facturas, visitas y clientes. El teléfono, con o sin espacios.
            </p>
          )}
        </div>
        {kind ? <input type="hidden" name="tipo" value={kind} /> : null}
        <button type="submit" className="button">
          Buscar
        </button>
      </Form>
      {kind && q ? (
        <p>
          <Link to={`?q=${encodeURIComponent(q)}`}>Buscar «{q}» en todo</Link>
        </p>
      ) : null}
      {groups ? <SearchResults q={q} groups={groups} one={kind !== null} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/buscar", label: "Buscar de nuevo" }} />;
}
