import { Link, useLoaderData } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { addressLines } from "~/domain/orders/my-orders";
import { wantsPrices } from "~/domain/orders/delivery-note";
import { notFound, requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { loadDeliveryNote } from "~/server/orders/delivery-note.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/admin-delivery-note";

/**
 * /admin/pedidos/:number/albaran (issue 30): the order's delivery note to print (the back
 * office's frame is left out of the printout, admin.css) or to download as a PDF; ?precios=no
 * without prices.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const withPrices = wantsPrices(new URL(request.url).searchParams);
  const note = await loadDeliveryNote(await getDb(), params.number, withPrices);
  if (!note) notFound();
  return { note, withPrices };
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Albarán del pedido ${loaderData.note.orderNumber}` : "Albarán");

export default function DeliveryNotePage() {
  const { note, withPrices } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const base = `/admin/pedidos/${encodeURIComponent(note.orderNumber)}`;
  const query = withPrices ? "" : "?precios=no";
  return (
    <article className="delivery-note">
      <p className="delivery-note-actions">
        <Link to={base}>Volver al pedido</Link>
        <a href={`${base}/albaran.pdf${query}`}>Descargar el PDF</a>
        <Link to={withPrices ? "?precios=no" : "?"}>{withPrices ? "Ver sin precios" : "Ver con precios"}</Link>
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            Imprimir
          </button>
        ) : null}
      </p>
      <h1>Albarán de entrega</h1>
      <p className="admin-muted">
        Pedido {note.orderNumber} · {formatYmd(note.day)}
      </p>
      <div className="delivery-note-parties">
        <section aria-labelledby="albaran-envia">
          <h2 id="albaran-envia">Envía</h2>
          <p>
            {note.seller.legalName}
            <br />
            NIF {note.seller.nif}
            <br />
            {note.seller.address}
            <br />
            Tel. {note.seller.phone}
          </p>
        </section>
        <section aria-labelledby="albaran-entregar">
          <h2 id="albaran-entregar">Entregar a</h2>
          <p>
            {addressLines(note.deliverTo).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            {note.deliverTo.telefono ? `Tel. ${note.deliverTo.telefono}` : null}
          </p>
        </section>
      </div>
      {note.carrier || note.trackingNumber ? (
        <p>{[note.carrier ? `Transportista: ${note.carrier}` : "", note.trackingNumber ? `Seguimiento: ${note.trackingNumber}` : ""].filter(Boolean).join(" · ")}</p>
      ) : null}
      <h2>Mercancía</h2>
      {note.lines.length > 0 ? (
        <table className="delivery-note-lines">
          <caption className="visually-hidden">Mercancía del pedido {note.orderNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Cantidad</th>
              <th scope="col">Descripción</th>
              {note.prices ? (
                <>
                  <th scope="col">Precio unidad</th>
                  <th scope="col">Importe</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {note.lines.map((line) => (
              <tr key={line.description + line.unitCents}>
                <td>{line.quantity}</td>
                <td>{line.description}</td>
                {note.prices ? (
                  <>
                    <td>{formatEuros(line.unitCents)}</td>
                    <td>{formatEuros(line.totalCents)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
          {note.prices ? (
            <tfoot>
              {note.prices.shippingCents > 0 ? (
                <tr>
                  <td />
                  <th scope="row">Gastos de envío</th>
                  <td />
                  <td>{formatEuros(note.prices.shippingCents)}</td>
                </tr>
              ) : null}
              <tr>
                <td />
                <th scope="row">Total del pedido (IVA incluido)</th>
                <td />
                <td>{formatEuros(note.prices.totalCents)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      ) : (
        <p>Este pedido no lleva mercancía: solo servicios.</p>
      )}
      {note.hasServices ? <p className="admin-muted">La instalación o el mantenimiento del pedido se hacen en el domicilio, en la fecha acordada: no van en este envío.</p> : null}
      <h2>Recibí conforme</h2>
      <p className="delivery-note-sign">Nombre y apellidos, DNI/NIE, fecha y firma:</p>
      <p className="admin-muted">Revise el embalaje delante del transportista: si está dañado, anótelo aquí antes de firmar.</p>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
