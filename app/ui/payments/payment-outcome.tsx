import { Link } from "react-router";
import type { AttemptState } from "~/domain/payments/payment-states";
import { Price } from "../price";
import { usePolling } from "../use-polling";
import { PaymentOptions, type PaymentViewData } from "./order-payment";

/*
 * How a trip to Redsys ended (issue 12), on the page Redsys sends the customer back to: of
 * "Mis Pedidos" or of a phone order's payment link (issue 30). It shows what the server knows
 * of the attempt; until the notification arrives it asks again every 2 seconds (with
 * JavaScript) or offers a link to reload (without).
 */

type Props = {
  number: string;
  status: string;
  payment: PaymentViewData | null;
  state: AttemptState;
  meaning: string | null;
  method: string;
  amountCents: number;
  /** The order's page, and this page (to reload). */
  orderLink: string;
  self: string;
  /** Where the forms to pay again post (the order's page in "Mis Pedidos" unless given). */
  payAction?: string;
  slowNote: string;
};

export function PaymentOutcome({ number, status, payment, state, meaning, method, amountCents, orderLink, self, payAction, slowNote }: Props) {
  const waiting = state === "pendiente" && status === "Pendiente de Pago";
  const stillPolling = usePolling(waiting);
  return (
    <div className="container payment-redirect">
      {state === "pagado" ? (
        <>
          <h1 className="page-title">Pago recibido</h1>
          <p role="status">
            Hemos recibido el pago de su pedido <strong>{number}</strong> con {method}: <Price cents={amountCents} />. Le hemos enviado un correo con la
            confirmación.
          </p>
        </>
      ) : state === "a reembolsar" ? (
        <>
          <h1 className="page-title">Este pedido ya no estaba pendiente de pago</h1>
          <p role="status">
            El banco ha autorizado este pago, pero el pedido <strong>{number}</strong> ya estaba «{status}». No lo aplicaremos: le devolveremos{" "}
            <Price cents={amountCents} /> a la misma {method === "Bizum" ? "cuenta Bizum" : "tarjeta"} en los próximos días.
          </p>
        </>
      ) : state === "denegado" ? (
        <>
          <h1 className="page-title">El pago no se ha completado</h1>
          <p role="status">
            {meaning ?? "Operación denegada"}. No se le ha cobrado nada{payment ? "; su pedido sigue pendiente de pago" : ""}.
          </p>
          {payment ? <PaymentOptions number={number} payment={{ ...payment, last: null }} action={payAction} /> : null}
        </>
      ) : waiting ? (
        <>
          <h1 className="page-title">Estamos confirmando su pago</h1>
          <p role="status">
            {stillPolling
              ? `Esperamos la confirmación del banco del pedido ${number}. Esta página se actualizará sola en cuanto llegue.`
              : slowNote}
          </p>
          <p>
            <a href={self}>Actualizar</a>
          </p>
        </>
      ) : (
        <>
          <h1 className="page-title">Pedido {number}</h1>
          <p role="status">Su pedido está «{status}».</p>
        </>
      )}
      <p>
        <Link to={orderLink}>Ver el pedido</Link>
      </p>
    </div>
  );
}
