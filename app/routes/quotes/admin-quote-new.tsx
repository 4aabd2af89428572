import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { createQuote, prefillFromRequest } from "~/server/quotes/quote-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-quote-new";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/presupuestos/nuevo (issue 17): a new quote from scratch (a phone call) or, with
 * ?solicitud=ID, from a request, prefilled. Creating takes the next "P" number, so it is a
 * POST (a button), never the GET of this page.
 */

function requestId(value: string | null): number | null {
  if (value === null || value === "") return null;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = requestId(pageUrl(request).searchParams.get("solicitud"));
  if (id === null) return { request: null };
  const prefill = await prefillFromRequest(await getDb(), id);
  if (!prefill) throw data(null, { status: 404 });
  return { request: { id, name: prefill.customer.name, address: prefill.customer.address, town: prefill.customer.town, message: prefill.draft.description } };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 10_000 });
  const id = requestId(typeof form.get("solicitud") === "string" ? (form.get("solicitud") as string) : null);
  const db = await getDb();
  const prefill = id === null ? null : await prefillFromRequest(db, id);
  if (id !== null && !prefill) throw data(null, { status: 404 });
  const quote = await createQuote(db, admin, prefill ?? {});
  throw redirect(`/admin/presupuestos/${quote.number}`, 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Nuevo presupuesto");

export default function NewQuotePage() {
  const { request } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/admin/presupuestos">← Volver a los presupuestos</Link>
      </p>
      <h1>Nuevo presupuesto</h1>
      {request ? (
        <section className="admin-section" aria-labelledby="desde-solicitud">
          <h2 id="desde-solicitud">Desde la solicitud nº {request.id}</h2>
          <p>
            {request.name} · {request.address}, {request.town}
          </p>
          {request.message ? <p className="admin-pre">{request.message}</p> : null}
          <p>El presupuesto empieza con estos datos; podrá cambiarlos antes de enviarlo.</p>
        </section>
      ) : (
        <p>Un presupuesto en blanco, por ejemplo tras una llamada. Para escribirlo desde una solicitud, ábrala y pulse «Escribir presupuesto».</p>
      )}
      <Form method="post">
        {request ? <input type="hidden" name="solicitud" value={request.id} /> : null}
        <button type="submit" className="button">
          Crear el presupuesto
        </button>
      </Form>
      <p className="field-hint">Al crearlo se le da el siguiente número de la serie P.</p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/presupuestos", label: "Volver a los presupuestos" }} />;
}
