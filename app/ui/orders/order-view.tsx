import { useId, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EXEMPT_NOTE } from "~/domain/basket/vat-notes";
import { MAX_REASON_LENGTH } from "~/domain/orders/withdrawal";
import { Notice } from "../notice";
import { PaymentOptions, type PaymentViewData } from "../payments/order-payment";
import { Modal } from "../modal";
import { Price } from "../price";
import { useHydrated } from "../use-hydrated";

export type OrderViewData = {
  number: string;
  status: string;
  date: string;
  payMethod: string;
  shipment: string | null;
  installation: string | null;
  cancelReason: string | null;
  lines: { name: string; type: string; gas: string | null; region: string | null; priceCents: number }[];
  shippingCents: number;
  amountCents: number;
  withoutVatCents: number;
  /** Delivered to Canarias, Ceuta or Melilla: no Spanish VAT (decision 0009). */
  vatExempt: boolean;
  addressSend: string[];
  addressBill: string[];
  transfer: { holder: string; iban: string; concept: string } | null;
  payment: PaymentViewData | null;
  refunds: { amountCents: number; date: string; how: string }[];
  invoices: { number: string; label: string; date: string; totalCents: number; href: string }[];
  withdrawal:
    | { kind: "open"; deadline: string }
    | { kind: "requested"; at: string; reason: string }
    | { kind: "expired"; deadline: string }
    | { kind: "not-applicable" };
};

export type WithdrawalReply =
  | { kind: "recorded"; at: string }
  | { kind: "already"; at: string }
  | { kind: "expired"; deadline: string }
  | { kind: "not-applicable" };

type Props = {
  order: OrderViewData;
  confirming: boolean;
  reply: WithdrawalReply | undefined;
  shopName: string;
  payError?: string;
  /** Sections of other areas (the F-gas declaration, issue 15), after the addresses. */
  children?: ReactNode;
};

/** One order of "Mis Pedidos": lines, totals, addresses, transfer details, withdrawal; printable. */
export function OrderView({ order, confirming, reply, shopName, payError, children }: Props) {
  const hydrated = useHydrated();
  return (
    <div className="container order-page">
      {/* The header is not printed: the sheet still says whose order it is. */}
      <p className="print-only">{shopName}</p>
      <p className="order-back no-print">
        <Link to="/login#mis-pedidos">← Volver a Mis Pedidos</Link>
      </p>
      <div className="order-heading">
        <h1 className="page-title">Pedido {order.number}</h1>
        {hydrated ? (
          <button type="button" className="button button-secondary no-print" onClick={() => window.print()}>
            <PrintIcon /> Imprimir
          </button>
        ) : null}
      </div>
      <dl className="order-facts">
        <div>
          <dt>Fecha</dt>
          <dd>{order.date}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{order.status}</dd>
        </div>
        <div>
          <dt>Forma de pago</dt>
          <dd>{order.payMethod}</dd>
        </div>
        {order.installation ? (
          <div>
            <dt>Instalación</dt>
            <dd>{order.installation}</dd>
          </div>
        ) : null}
        {order.shipment ? (
          <div>
            <dt>Envío</dt>
            <dd>{order.shipment}</dd>
          </div>
        ) : null}
        {order.cancelReason ? (
          <div>
            <dt>Motivo de la cancelación</dt>
            <dd>{order.cancelReason}</dd>
          </div>
        ) : null}
      </dl>

      {order.invoices.length ? (
        <section className="order-transfer" aria-labelledby="facturas">
          <h2 id="facturas">Facturas</h2>
          <ul>
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                {/* A plain link: a file, not a page of the app, so the browser opens the PDF itself. */}
                <a href={invoice.href}>
                  {invoice.label} {invoice.number}
                </a>{" "}
                del {invoice.date}: <Price cents={invoice.totalCents} /> (PDF)
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.refunds.length ? (
        <section className="order-transfer" aria-labelledby="reembolsos">
          <h2 id="reembolsos">Reembolsos</h2>
          <ul>
            {order.refunds.map((refund, index) => (
              <li key={index}>
                <Price cents={refund.amountCents} /> devueltos {refund.how} el {refund.date}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.payment ? <PaymentOptions number={order.number} payment={order.payment} error={payError} /> : null}
      {order.transfer ? <TransferDetails transfer={order.transfer} amountCents={order.amountCents} /> : null}

      <OrderLinesSection order={order} />

      <div className="order-addresses">
        <section aria-labelledby="envio">
          <h2 id="envio">Dirección de envío</h2>
          <Address lines={order.addressSend} />
        </section>
        <section aria-labelledby="facturacion">
          <h2 id="facturacion">Datos de facturación</h2>
          <Address lines={order.addressBill} />
        </section>
      </div>

      {children}

      <Withdrawal number={order.number} state={order.withdrawal} confirming={confirming} reply={reply} />
    </div>
  );
}

function Address({ lines }: { lines: string[] }) {
  return (
    <address className="order-address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type WithdrawalProps = {
  number: string;
  state: OrderViewData["withdrawal"];
  confirming: boolean;
  reply: WithdrawalReply | undefined;
};

/**
 * The withdrawal function (Directive 2023/2673): a clearly labelled button, then a
 * confirmation (a dialog with JavaScript, a step of this page without it), then the
 * acknowledgement on screen and by e-mail.
 */
function Withdrawal({ number, state, confirming, reply }: WithdrawalProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (state.kind === "not-applicable") return null;
  return (
    <section className="order-withdrawal no-print" aria-labelledby="desistimiento">
      <h2 id="desistimiento">Desistimiento</h2>
      {reply ? <WithdrawalNotice reply={reply} /> : null}
      {state.kind === "open" ? (
        <>
          <p>
            Puede desistir de este contrato, sin dar ninguna razón, hasta el <strong>{state.deadline}</strong>.
          </p>
          {confirming ? (
            <div className="withdrawal-step">
              <WithdrawalForm number={number} titleId={`${titleId}-step`} cancel={<Link to=".">Cancelar</Link>} />
            </div>
          ) : (
            <Link
              to="?desistir=1#desistimiento"
              className="button button-accent"
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                setOpen(true);
              }}
            >
              Desistir del contrato
            </Link>
          )}
          <Modal open={open && !reply} onClose={() => setOpen(false)} labelledBy={titleId}>
            {open ? (
              <WithdrawalForm
                number={number}
                titleId={titleId}
                cancel={
                  <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
                    Cancelar
                  </button>
                }
              />
            ) : null}
          </Modal>
        </>
      ) : state.kind === "requested" ? (
        reply ? null : (
          <p className="form-ok">
            Solicitud de desistimiento registrada el {state.at}. Le enviamos un acuse de recibo por email.
          </p>
        )
      ) : (
        <p>
          El plazo para desistir de este pedido terminó el {state.deadline}. Si tiene algún problema con su pedido,{" "}
          <Link to="/contacto">contacte con nosotros</Link>.
        </p>
      )}
    </section>
  );
}

function WithdrawalForm({ number, titleId, cancel }: { number: string; titleId: string; cancel: React.ReactNode }) {
  const id = useId();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action="." preventScrollReset className="withdrawal-form">
      <h3 id={titleId}>¿Desea desistir del contrato del pedido {number}?</h3>
      <p>
        Al confirmar, registramos su desistimiento con la fecha y hora de hoy y le enviamos un acuse de recibo por
        email. Si ya ha recibido los productos, tendrá 14 días para devolvérnoslos.
      </p>
      <input type="hidden" name="intent" value="desistir" />
      <div className="field">
        <label htmlFor={`${id}-motivo`}>Motivo (opcional)</label>
        <textarea id={`${id}-motivo`} name="motivo" rows={3} maxLength={MAX_REASON_LENGTH} />
      </div>
      <div className="withdrawal-actions">
        {cancel}
        <button type="submit" className="button button-accent" disabled={busy}>
          Confirmar desistimiento
        </button>
      </div>
    </Form>
  );
}

function WithdrawalNotice({ reply }: { reply: WithdrawalReply }) {
  switch (reply.kind) {
    case "recorded":
      return (
        <Notice
          notice={{
            tone: "ok",
            text: `Hemos registrado su desistimiento el ${reply.at}. Le hemos enviado un acuse de recibo por email.`,
          }}
        />
      );
    case "already":
      return (
        <Notice
          notice={{
            tone: "ok",
            text: `Ya habíamos registrado su desistimiento de este pedido el ${reply.at}. No tiene que hacer nada más.`,
          }}
        />
      );
    case "expired":
      return (
        <Notice notice={{ tone: "error", text: `El plazo para desistir de este pedido terminó el ${reply.deadline}.` }} />
      );
    case "not-applicable":
      return <Notice notice={{ tone: "error", text: "Este pedido no admite desistimiento." }} />;
  }
}

function PrintIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 9V2h12v7" />
      <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <path d="M6 14h12v8H6z" />
    </svg>
  );
}

/** The bank details of an order waiting for its transfer (Mis Pedidos, and a phone order's payment link). */
export function TransferDetails({ transfer, amountCents }: { transfer: NonNullable<OrderViewData["transfer"]>; amountCents: number }) {
  return (
    <section className="order-transfer" aria-labelledby="transferencia">
      <h2 id="transferencia">Datos para la transferencia</h2>
      <p>Su pedido queda pendiente hasta que recibamos el pago. Indique el número de pedido como concepto.</p>
      <dl>
        <div>
          <dt>Titular</dt>
          <dd>{transfer.holder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className="order-iban">{transfer.iban}</dd>
        </div>
        <div>
          <dt>Concepto</dt>
          <dd>{transfer.concept}</dd>
        </div>
        <div>
          <dt>Importe</dt>
          <dd>
            <Price cents={amountCents} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

type LinesData = Pick<OrderViewData, "lines" | "shippingCents" | "withoutVatCents" | "amountCents" | "vatExempt">;

/** The order's lines and totals (Mis Pedidos, and a phone order's payment link). */
export function OrderLinesSection({ order }: { order: LinesData }) {
  return (
    <section aria-labelledby="articulos">
      <h2 id="articulos">Artículos</h2>
      <table className="order-lines">
        <thead>
          <tr>
            <th scope="col">Artículo</th>
            <th scope="col" className="orders-amount">
              Precio
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <td>
                <span className="order-line-name">{line.name}</span>
                <span className="order-line-details">
                  {[line.type, line.gas ? `Gas ${line.gas}` : null, line.region ? `Servicio en ${capitalize(line.region)}` : null]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </td>
              <td className="orders-amount">
                <Price cents={line.priceCents} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.shippingCents > 0 ? (
            <tr>
              <th scope="row">Gastos de envío</th>
              <td className="orders-amount">
                <Price cents={order.shippingCents} />
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Total sin IVA</th>
            <td className="orders-amount">
              <Price cents={order.withoutVatCents} />
            </td>
          </tr>
          <tr className="order-total">
            <th scope="row">{order.vatExempt ? `Total, ${EXEMPT_NOTE}` : "Total (IVA incluido)"}</th>
            <td className="orders-amount">
              <Price cents={order.amountCents} />
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
