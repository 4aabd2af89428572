import { lazy, Suspense } from "react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { madridDay } from "~/domain/dates/madrid-dates";
import { isOrderNumber } from "~/domain/orders/order-number";
import { canUndoPayment } from "~/domain/orders/order-status";
import { parseMove, parseNotes } from "~/domain/orders/status-move";
import { resendOrderDelivery } from "~/server/orders/order-deliveries.server";
import { resendPhoneOrderMail } from "~/server/orders/phone-orders.server";
import { PhoneOrderPanel } from "~/ui/orders/phone-order-panel";
import { requireAdmin, notFound } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { loadAdminOrder } from "~/server/orders/order-detail.server";
import { loadFgasViewByNumber } from "~/server/orders/fgas.server";
import { isRefundIntent, refundAction, type RefundReply } from "~/server/payments/refund-action.server";
import { findOrderForMove, moveOrderStatus, saveInternalNotes } from "~/server/orders/order-status.server";
import { readForm } from "~/server/http/request-body.server";
import { undoMistakenPayment } from "~/server/invoices/annul-invoice.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AddressBlock, CustomerHistory, OrderEvents, OrderLines, OrderMails } from "~/ui/orders/order-sections";
import { DangerZone } from "~/ui/admin/danger-zone";
import { OrderNotesForm, UndoPaymentForm, OrderStatusForms, type OrderPageReply } from "~/ui/orders/order-status-forms";
import { OrderPayments } from "~/ui/orders/order-payments";
import { Price } from "~/ui/price";
import { OrderStatusBadge } from "~/ui/orders/order-status-badge";
import { WithdrawalSummary } from "~/ui/orders/withdrawal-summary";
import { FgasOrderSummary } from "~/ui/orders/fgas-order-summary";
import type { Route } from "./+types/admin-order";

// The refunds' forms and outcome: a chunk of their own, loaded after the page (entry.server.tsx
// renders the back office whole, so they are in the HTML and work without JavaScript).
const RefundsPanel = lazy(() => import("~/ui/payments/refunds-panel").then((module) => ({ default: module.RefundsPanel })));
const RefundDone = lazy(() => import("~/ui/payments/refunds-panel").then((module) => ({ default: module.RefundDone })));
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/pedidos/:number (issue 11): the whole order, its status changes and internal notes;
 * its card and Bizum payments and its refunds (issue 12).
 * After a change the page redirects to itself (?hecho=...), so reloading it never posts twice.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isOrderNumber(params.number)) return notFound();
  const db = await getDb();
  const [order, fgas] = await Promise.all([loadAdminOrder(db, params.number), loadFgasViewByNumber(db, params.number)]);
  if (!order) return notFound();
  const search = pageUrl(request).searchParams;
  const done = search.get("hecho");
  // After a refund: the page says what became of it, read from the refund's row.
  const refund = done === "reembolso" ? (order.payments.refunds.find((row) => String(row.id) === search.get("id")) ?? null) : null;
  // The call link is made here: the phone rules stay out of the page's JavaScript (issue 30's 130 KB).
  return { order, fgas, done: doneMessage(done, order.status), refund, phoneHref: telHref(order.customer.phone) };
}

/** What the redirect after a change (?hecho=) says: written here, so its words stay out of the page's JavaScript. */
function doneMessage(done: string | null, status: string): string | null {
  switch (done) {
    case "notas":
      return "Notas guardadas.";
    case "enlace":
      return "Correo con el enlace de pago puesto en la cola: se enviará en unos segundos.";
    case "reenvio":
      return "E-mail puesto de nuevo en la cola: se enviará en unos segundos.";
    case "pago-deshecho":
      return "Pago deshecho: el pedido vuelve a estar «Pendiente de Pago», su factura queda anulada y se ha avisado al cliente por e-mail.";
    case "estado":
      return `Estado cambiado a «${status}». Se ha avisado al cliente por e-mail.`;
    default:
      return null;
  }
}

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  if (!isOrderNumber(params.number)) return notFound();
  const values = formValues(await readForm(request));
  const db = await getDb();
  const order = await findOrderForMove(db, params.number);
  if (!order) return notFound();
  const here = `/admin/pedidos/${encodeURIComponent(order.number)}`;

  if (isRefundIntent(values.intent)) return refundAction(db, { email: admin.email }, order.number, values.intent, values);
  if (values.intent === "notas") {
    const notes = parseNotes(values);
    if (!notes.ok) return data<OrderPageReply>({ intent: "notas", errors: { notas: notes.error }, values }, { status: 400 });
    await saveInternalNotes(db, { email: admin.email }, order.number, notes.notes);
    throw redirect(`${here}?hecho=notas`);
  }
  if (values.intent === "estado") {
    const target = values.destino ?? "";
    const parsed = parseMove(order, values, madridDay(new Date()));
    if (!parsed.ok) return data<OrderPageReply>({ intent: "estado", target, errors: parsed.errors, values }, { status: 400 });
    const outcome = await moveOrderStatus(db, { email: admin.email }, order.number, parsed.move);
    if (!outcome.ok) {
      if (outcome.status === 404) return notFound();
      return data<OrderPageReply>({ intent: "estado", target, errors: { form: outcome.message }, values }, { status: outcome.status });
    }
    throw redirect(`${here}?hecho=estado`);
  }
  if (values.intent === "deshacer-pago") {
    const reason = (values.motivo ?? "").trim().replace(/\s+/g, " ");
    if (reason.length < 3 || reason.length > 300) {
      return data<OrderPageReply>({ intent: "deshacer-pago", errors: { motivo: "Escriba el motivo (de 3 a 300 caracteres)." }, values }, { status: 400 });
    }
    const undone = await undoMistakenPayment(db, { email: admin.email }, order.number, reason);
    if (!undone.ok) {
      if (undone.status === 404) return notFound();
      return data<OrderPageReply>({ intent: "deshacer-pago", errors: { form: undone.message }, values }, { status: undone.status });
    }
    throw redirect(`${here}?hecho=pago-deshecho`);
  }
  if (values.intent === "reenviar-enlace") {
    const resent = await resendPhoneOrderMail(db, { email: admin.email }, order.number);
    if (!resent.ok) return data<OrderPageReply>({ intent: "reenviar-enlace", errors: { form: resent.message }, values }, { status: resent.status });
    throw redirect(`${here}?hecho=enlace`);
  }
  if (values.intent === "reenviar") {
    const resent = await resendOrderDelivery(db, { email: admin.email }, order.number, Number(values.entrega));
    if (!resent.ok) return data<OrderPageReply>({ intent: "reenviar", errors: { form: resent.message }, values }, { status: resent.status });
    throw redirect(`${here}?hecho=reenvio`);
  }
  throw data({ message: "Acción desconocida." }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Pedido ${params.number} | Administración` }];

export default function AdminOrderPage() {
  const { order, fgas, done, refund, phoneHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OrderPageReply | RefundReply | undefined;
  const reply = answer && !answer.intent.startsWith("reembolso-") ? (answer as OrderPageReply) : undefined;
  const refundReply = answer && answer.intent.startsWith("reembolso-") ? (answer as RefundReply) : undefined;
  const r = order.recorded;
  // Cancelling and undoing a payment go last, apart from the other moves (issue 30).
  const moves = order.next.filter((status) => status !== "Cancelado");
  const cancellable = order.next.includes("Cancelado");
  const undo = canUndoPayment(order);
  const statusProps = { current: order.status, amountCents: order.amountCents, transfer: order.payMethod === "transferencia", today: order.today, slots: order.slots, installation: order.installation, reply };
  return (
    <>
      <p>
        <Link to="/admin/pedidos">← Pedidos</Link>
      </p>
      <h1>Pedido {order.number}</h1>
      <p>
        {/* To print, or as a PDF with or without prices: the note's own page has both. */}
        <Link to="albaran">Albarán de entrega</Link>
      </p>
      {done && !reply ? (
        <p role="status" className="form-ok admin-done">
          {done}
        </p>
      ) : null}
      {refund && !answer ? (
        <Suspense fallback={null}>
          <RefundDone refund={refund} />
        </Suspense>
      ) : null}
      {order.phoneOrder ? (
        <PhoneOrderPanel {...order.phoneOrder} phone={order.customer.phone} number={order.number} error={reply?.intent === "reenviar-enlace" ? reply.errors.form : undefined} />
      ) : null}
      <dl className="admin-order-facts">
        <div>
          <dt>Estado</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{order.date}</dd>
        </div>
        <div>
          <dt>Forma de pago</dt>
          <dd>{order.payMethodLabel}</dd>
        </div>
        <div>
          <dt>Cliente</dt>
          <dd>
            {order.customer.company ? `${order.customer.company} · ` : ""}
            {order.customer.name}
            <br />
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a> · <a href={phoneHref}>{order.customer.phone}</a>
          </dd>
        </div>
        {r.paidAt ? <Fact label="Pagado el" value={r.bankReference ? `${r.paidAt} · ref. ${r.bankReference}` : r.paidAt} /> : null}
        {r.carrier || r.trackingNumber ? <Fact label="Envío" value={[r.carrier, r.trackingNumber ? `seguimiento ${r.trackingNumber}` : null].filter(Boolean).join(" · ")} /> : null}
        {r.installationDate ? <Fact label="Instalación" value={`${r.installationDate}, ${r.installationSlot}`} /> : null}
        {r.cancelReason ? <Fact label="Motivo de la cancelación" value={r.cancelReason} /> : null}
      </dl>

      <section className="admin-section" aria-labelledby="acciones-titulo">
        <h2 id="acciones-titulo">Cambiar el estado</h2>
        {moves.length > 0 ? (
          <OrderStatusForms {...statusProps} next={moves} />
        ) : (
          <p className="admin-muted">{cancellable ? "Solo queda cancelarlo, en la «Zona de peligro» al final de la página." : "Este pedido está cerrado: su estado ya no cambia."}</p>
        )}
      </section>

      {order.withdrawal ? <WithdrawalSummary withdrawal={order.withdrawal} /> : null}

      {/* F-gas equipment sold without installation (issue 15): the declaration and the certificate. */}
      {fgas ? (
        <FgasOrderSummary fgas={fgas} filesHref={`/admin/pedidos/${encodeURIComponent(order.number)}/gases-fluorados`} className="admin-section" />
      ) : null}

      <section className="admin-section" aria-labelledby="pagos-titulo">
        <h2 id="pagos-titulo">Pagos</h2>
        <OrderPayments attempts={order.payments.attempts} />
      </section>

      <section className="admin-section" aria-labelledby="facturas-titulo">
        <h2 id="facturas-titulo">Facturas</h2>
        {order.invoices.length === 0 ? (
          <p>Sin facturas: se expide al registrar el pago.</p>
        ) : (
          <ul>
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={`/admin/facturas/${invoice.number}/pdf`}>{invoice.series === "R" ? `Rectificativa ${invoice.number}` : `Factura ${invoice.number}`}</a> del{" "}
                {invoice.date}: <Price cents={invoice.totalCents} />
                {invoice.reason ? ` (${invoice.reason})` : ""}
                {invoice.annulled ? <strong> Anulada: {invoice.annulled}</strong> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" id="reembolsos" aria-labelledby="reembolsos-titulo">
        <h2 id="reembolsos-titulo">Reembolsos</h2>
        <Suspense fallback={<p className="admin-muted">Cargando los reembolsos…</p>}>
          <RefundsPanel view={order.payments} reply={refundReply} />
        </Suspense>
      </section>

      <section className="admin-section" aria-labelledby="articulos-titulo">
        <h2 id="articulos-titulo">Artículos</h2>
        <OrderLines lines={order.lines} shippingCents={order.shippingCents} withoutVatCents={order.withoutVatCents} amountCents={order.amountCents} vatExempt={order.vatExempt} />
      </section>

      <section className="admin-section" aria-labelledby="direcciones-titulo">
        <h2 id="direcciones-titulo">Direcciones</h2>
        <div className="admin-cards">
          <AddressBlock title="Envío" lines={order.addressSend} id={order.addressSendId} extra={`Teléfono: ${order.customer.phone}`} />
          <AddressBlock title="Facturación" lines={order.addressBill} id={order.addressBillId} />
        </div>
      </section>

      <section className="admin-section" aria-labelledby="notas-titulo">
        <h2 id="notas-titulo">Notas internas</h2>
        <OrderNotesForm notes={order.internalNotes} reply={reply} />
      </section>

      <section className="admin-section" aria-labelledby="historial-titulo">
        <h2 id="historial-titulo">Historial de estados</h2>
        <OrderEvents events={order.events} />
      </section>

      <section className="admin-section" aria-labelledby="cliente-titulo">
        <h2 id="cliente-titulo">El cliente en la tienda</h2>
        <CustomerHistory email={order.customer.email} history={order.history} />
      </section>

      <section className="admin-section" aria-labelledby="correos-titulo">
        <h2 id="correos-titulo">E-mails al cliente</h2>
        <OrderMails mails={order.mails} error={reply?.intent === "reenviar" ? reply.errors.form : undefined} />
      </section>

      {cancellable || undo ? (
        <DangerZone>
          {cancellable ? <OrderStatusForms {...statusProps} next={["Cancelado"]} /> : null}
          {undo ? <UndoPaymentForm invoiceNumber={order.invoices.find((invoice) => invoice.series === "F" && !invoice.annulled)?.number ?? null} reply={reply} /> : null}
        </DangerZone>
      ) : null}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
