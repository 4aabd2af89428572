import { data, Link } from "react-router";
import { isOrderNumber } from "~/domain/orders/order-number";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { findAttempt } from "~/server/payments/attempts.server";
import { loadMyOrder, findMyOrder } from "~/server/orders/my-orders.server";
import { requireUser } from "~/server/session.server";
import { PaymentOptions } from "~/ui/payments/order-payment";
import { Price } from "~/ui/price";
import { usePolling } from "~/ui/use-polling";
import type { Route } from "./+types/order-payment-return";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /login/pedidos/:number/pago/vuelta?intento=<code> — where Redsys sends the customer back,
 * after paying or not (issue 12). It shows what the server knows of the attempt, never what
 * the address says (Redsys's parameters in it are ignored). Until the notification arrives
 * the page says the payment is being confirmed and asks again every 2 seconds (with
 * JavaScript) or offers a link to reload (without).
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  if (!isOrderNumber(params.number) || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const found = await findMyOrder(user, params.number);
  const attempt = found ? await findAttempt(await getDb(), found.order.id, code) : null;
  const order = attempt ? await loadMyOrder(user, params.number) : null;
  if (!attempt || !order) throw data(null, { status: 404 });
  return {
    number: order.number,
    status: order.status,
    payment: order.payment,
    code,
    state: attempt.state,
    meaning: attempt.responseMeaning,
    method: attempt.method === "bizum" ? "Bizum" : "tarjeta",
    amountCents: attempt.amountCents,
  };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pago del pedido ${params.number} | ${shop.name}`,
    description: "Resultado del pago con tarjeta o Bizum.",
    baseUrl: shop.baseUrl,
    path: `/login/pedidos/${params.number}/pago/vuelta`,
    noindex: true,
  });
};

export default function OrderPaymentReturn({ loaderData }: Route.ComponentProps) {
  const { number, status, payment, code, state, meaning, method, amountCents } = loaderData;
  const waiting = state === "pendiente" && status === "Pendiente de Pago";
  const stillPolling = usePolling(waiting);
  const orderLink = `/login/pedidos/${encodeURIComponent(number)}`;
  const self = `${orderLink}/pago/vuelta?intento=${encodeURIComponent(code)}`;
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
          {payment ? <PaymentOptions number={number} payment={{ ...payment, last: null }} /> : null}
        </>
      ) : waiting ? (
        <>
          <h1 className="page-title">Estamos confirmando su pago</h1>
          <p role="status">
            {stillPolling
              ? `Esperamos la confirmación del banco del pedido ${number}. Esta página se actualizará sola en cuanto llegue.`
              : "La confirmación está tardando más de lo normal. Le escribiremos en cuanto llegue; también puede verla en «Mis Pedidos»."}
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
