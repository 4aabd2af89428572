import { useEffect, useRef } from "react";
import { Price } from "../price";
import { useHydrated } from "../use-hydrated";

type Props = {
  number: string;
  date: string;
  amountCents: number;
  holder: string;
  /** Grouped in fours, as people copy it. */
  iban: string;
  email: string;
  /** Printed above the panel: the sheet says who it is from. */
  shop: { name: string; email: string; phone: string };
};

/**
 * The panel after a confirmed order (spec section 4, "Order screen"): number, amount and the
 * transfer instructions, with a print button. The print stylesheet prints this panel alone.
 */
export function OrderConfirmation({ number, date, amountCents, holder, iban, email, shop }: Props) {
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving here after "CONFIRMAR PEDIDO": the news is read first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="order-confirmation" aria-labelledby="pedido-confirmado">
      <p className="order-print-shop">
        {shop.name} · {shop.phone} · {shop.email}
      </p>
      <div className="order-confirmation-head">
        <h2 id="pedido-confirmado" ref={heading} tabIndex={-1}>
          Pedido {number} registrado
        </h2>
        {hydrated ? (
          <button type="button" className="button button-secondary order-print" onClick={() => window.print()}>
            <PrintIcon /> Imprimir
          </button>
        ) : null}
      </div>
      <p>
        Gracias por su pedido. Le hemos enviado un correo a <strong>{email}</strong> con todos los datos. Su pedido queda{" "}
        <strong>pendiente de pago</strong> hasta que recibamos la transferencia.
      </p>
      <dl className="order-confirmation-facts">
        <div>
          <dt>Número de pedido</dt>
          <dd data-testid="order-number">{number}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>Importe</dt>
          <dd>
            <Price cents={amountCents} />
          </dd>
        </div>
      </dl>
      <h3>Datos para la transferencia</h3>
      <dl className="order-confirmation-facts order-transfer-facts">
        <div>
          <dt>Titular</dt>
          <dd>{holder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className="order-iban">{iban}</dd>
        </div>
        <div>
          <dt>Concepto</dt>
          <dd>{number}</dd>
        </div>
        <div>
          <dt>Importe</dt>
          <dd>
            <Price cents={amountCents} />
          </dd>
        </div>
      </dl>
      <p className="order-confirmation-note">
        Indique el número de pedido como concepto: así identificamos su pago. La visita del técnico es gratuita.
      </p>
    </section>
  );
}

function PrintIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <rect x="6" y="14" width="12" height="7" />
    </svg>
  );
}
