import { Form, Link } from "react-router";
import { EXEMPT_NOTE } from "~/domain/basket/vat-notes";
import type { OrderStatus } from "~/domain/orders/order-status";
import type { DeliveryState } from "~/domain/quotes/delivery-view";
import { Price } from "../price";
import { DeliveryBadge } from "./delivery-badge";
import { OrderStatusBadge } from "./order-status-badge";

/* The blocks of the back office's order page (issue 11): read-only, but for sending a failed e-mail again. */

type Line = { name: string; family: string; type: string; gas: string | null; region: string | null; priceCents: number };

type Totals = { shippingCents: number; withoutVatCents: number; amountCents: number; vatExempt?: boolean };

export function OrderLines({ lines, shippingCents, withoutVatCents, amountCents, vatExempt = false }: { lines: Line[] } & Totals) {
  return (
    <>
      {/* At 375 px the amounts (1.234,56 €) may not fit: the box then scrolls, so a keyboard must reach it. */}
      <div className="admin-table-wrap" role="region" aria-label="Artículos del pedido" tabIndex={0}>
        <table className="admin-table">
          <caption className="visually-hidden">Artículos del pedido</caption>
          <thead>
            <tr>
              <th scope="col">Artículo</th>
              <th scope="col">Familia</th>
              <th scope="col" className="num">
                Precio
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.name}
                  <br />
                  <span className="admin-muted">
                    {[line.type, line.gas ? `Gas ${line.gas}` : null, line.region ? `Servicio en ${line.region}` : null].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td>{line.family}</td>
                <td className="num">
                  <Price cents={line.priceCents} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Gastos de envío
              </th>
              <td className="num">
                <Price cents={shippingCents} />
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                Total sin IVA
              </th>
              <td className="num">
                <Price cents={withoutVatCents} />
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {vatExempt ? "IVA (exento)" : "IVA (21 %)"}
              </th>
              <td className="num">
                <Price cents={amountCents - withoutVatCents} />
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {vatExempt ? "Total (sin IVA)" : "Total (IVA incluido)"}
              </th>
              <td className="num">
                <strong>
                  <Price cents={amountCents} />
                </strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {/* Outside the table: a header cell does not wrap, and the reference would widen it on a phone. */}
      {vatExempt ? <p className="admin-muted">Entrega en Canarias, Ceuta o Melilla: {EXEMPT_NOTE}.</p> : null}
    </>
  );
}

export function AddressBlock({ title, lines, id, extra }: { title: string; lines: string[]; id: string; extra?: string }) {
  return (
    <div className="admin-card">
      <h3>{title}</h3>
      <address className="admin-address">
        {lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
        <span>CIF/NIF/NIE: {id}</span>
        {extra ? <span>{extra}</span> : null}
      </address>
    </div>
  );
}

type Event = { id: number; at: string; actor: string; from: string; to: string; refund?: boolean; details: { label: string; value: string }[] };

export function OrderEvents({ events }: { events: Event[] }) {
  if (events.length === 0) return <p className="admin-muted">Sin cambios de estado desde que se hizo el pedido.</p>;
  return (
    <ol className="admin-order-events">
      {events.map((event) => (
        <li key={event.id}>
          <p>
            <strong>{event.at}</strong>: {event.refund ? "Reembolso" : event.from === event.to ? `${event.to} (nueva fecha)` : `${event.from} → ${event.to}`}{" "}
            <span className="admin-muted">por {event.actor}</span>
          </p>
          {event.details.length > 0 ? (
            <ul>
              {event.details.map((detail) => (
                <li key={detail.label}>
                  {detail.label}: {detail.value}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

type History = { count: number; amountCents: number; orders: { number: string; date: string; status: OrderStatus; amountCents: number }[] };

export function CustomerHistory({ email, history }: { email: string; history: History }) {
  if (history.count === 0) return <p>Es el primer pedido de {email}.</p>;
  return (
    <>
      <p>
        {history.count === 1 ? "1 pedido más" : `${history.count} pedidos más`} de {email}, por <Price cents={history.amountCents} /> (sin contar los
        cancelados).{" "}
        <Link to={`/admin/pedidos?q=${encodeURIComponent(email)}`}>Ver todos sus pedidos</Link>
      </p>
      <ul className="admin-order-history">
        {history.orders.map((order) => (
          <li key={order.number}>
            <Link to={`/admin/pedidos/${encodeURIComponent(order.number)}`}>{order.number}</Link> · {order.date} · <OrderStatusBadge status={order.status} /> ·{" "}
            <Price cents={order.amountCents} />
          </li>
        ))}
      </ul>
    </>
  );
}

type Mail = { id: number; subject: string; queuedAt: string; state: DeliveryState; at: string | null; reason: string | null };

/** The order's e-mails and their delivery; a failed one can be sent again (audited). */
export function OrderMails({ mails, error }: { mails: Mail[]; error?: string }) {
  if (mails.length === 0) return <p className="admin-muted">Aún no se ha escrito al cliente desde la administración.</p>;
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="admin-order-mails">
        {mails.map((mail) => (
          <li key={mail.id}>
            <DeliveryBadge state={mail.state} /> {mail.subject} <span className="admin-muted">({mail.queuedAt})</span>
            {mail.reason ? <p className="admin-muted">{mail.reason}</p> : null}
            {mail.state === "fallido" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reenviar" />
                <input type="hidden" name="entrega" value={mail.id} />
                <button type="submit" className="button button-secondary">
                  Volver a enviar «{mail.subject}»
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
