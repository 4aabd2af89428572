import { data } from "react-router";
import { isOrderNumber } from "~/domain/orders/order-number";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { findAttempt } from "~/server/payments/attempts.server";
import { loadMyOrder, findMyOrder } from "~/server/orders/my-orders.server";
import { requireUser } from "~/server/session.server";
import { PaymentOutcome } from "~/ui/payments/payment-outcome";
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
  const orderLink = `/login/pedidos/${encodeURIComponent(loaderData.number)}`;
  return (
    <PaymentOutcome
      {...loaderData}
      orderLink={orderLink}
      self={`${orderLink}/pago/vuelta?intento=${encodeURIComponent(loaderData.code)}`}
      slowNote="La confirmación está tardando más de lo normal. Le escribiremos en cuanto llegue; también puede verla en «Mis Pedidos»."
    />
  );
}
