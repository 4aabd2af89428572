import { data, Link, useActionData, useLoaderData } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { getQuoteRequest } from "~/server/quotes/quote-requests.server";
import { quoteRequestAction } from "~/server/quotes/quote-request-action.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { QuoteDeliveries, QuoteNotesForm, QuoteStateForm } from "~/ui/quotes/quote-request-forms";
import { requestVisitSummary } from "~/server/visits/visit-admin.server";
import { RequestVisit } from "~/ui/visits/request-visit";
import type { Route } from "./+types/admin-request";

/** One quote request (issue 11): what the visitor sent, its state, notes and deliveries. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = Number(params.id);
  const found = Number.isSafeInteger(id) && id > 0 ? await getQuoteRequest(await getDb(), id) : null;
  if (!found) throw data(null, { status: 404 });
  return {
    ...found,
    // The free visit booked for this request, if any (issue 17).
    visit: await requestVisitSummary(await getDb(), id),
    createdAt: formatDateTime(found.createdAt),
    deliveries: found.deliveries.map((d) => ({ ...d, at: d.at ? formatDateTime(d.at) : null })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return quoteRequestAction(request, admin, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => adminMeta(data ? `Solicitud nº ${data.id}` : "Solicitud");

export default function QuoteRequestPage() {
  const request = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const phoneHref = telHref(request.phone);
  return (
    <>
      <p>
        <Link to="/admin/solicitudes">← Volver a las solicitudes</Link>
      </p>
      <h1>Solicitud nº {request.id}</h1>
      <p>
        <Link to={`/admin/presupuestos/nuevo?solicitud=${request.id}`} className="button">
          Escribir presupuesto
        </Link>
      </p>
      <section className="admin-section" aria-labelledby="solicitud-datos">
        <h2 id="solicitud-datos">Datos de la solicitud</h2>
        <dl className="admin-details">
          <dt>Recibida</dt>
          <dd>{request.createdAt}</dd>
          <dt>Nombre</dt>
          <dd>{request.nameAndSurname}</dd>
          <dt>Teléfono</dt>
          <dd>{request.phone ? <a href={phoneHref}>{request.phone}</a> : <span className="admin-muted">No indicado</span>}</dd>
          <dt>E-mail</dt>
          <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : <span className="admin-muted">No indicado</span>}</dd>
          <dt>Dirección</dt>
          <dd>
            {request.address}, {request.town}
          </dd>
          <dt>Producto</dt>
          <dd>
            {request.product ? (
              <>
                {request.product.name}: <Link to={request.product.shopHref}>ver en la tienda</Link> ·{" "}
                <Link to={`/admin/catalogo/${request.product.id}`}>editar en el catálogo</Link>
              </>
            ) : (
              <span className="admin-muted">Ninguno (consulta general)</span>
            )}
          </dd>
          <dt>Enviada desde</dt>
          <dd>
            <Link to={request.sourcePage}>{request.sourcePage}</Link>
          </dd>
          <dt>Mensaje</dt>
          <dd>{request.message ? <p className="admin-pre">{request.message}</p> : <span className="admin-muted">Sin mensaje</span>}</dd>
        </dl>
      </section>
      <RequestVisit visit={request.visit} />
      <QuoteStateForm state={request.state} reply={reply} />
      <QuoteNotesForm notes={request.internalNotes} reply={reply} />
      <QuoteDeliveries deliveries={request.deliveries} reply={reply} />
      <p>
        <Link to={`/admin/registro?entidad=solicitud&id=${request.id}`}>Historial de cambios de esta solicitud</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/solicitudes", label: "Volver a las solicitudes" }} />;
}
