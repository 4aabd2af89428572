import { data, Link, redirect } from "react-router";
import { isOrderNumber } from "~/domain/orders/order-number";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { redsysConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { findMyOrder } from "~/server/orders/my-orders.server";
import { findAttempt, paymentForm, returnPagePath } from "~/server/payments/attempts.server";
import { requireUser } from "~/server/session.server";
import { RedsysRedirectPage } from "~/ui/payments/redsys-redirect-form";
import type { Route } from "./+types/order-payment";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /login/pedidos/:number/pago?intento=<code> — the way to Redsys (issue 12): the signed form
 * of one payment attempt. With JavaScript it is sent at once (once per attempt: coming back
 * with the browser's Back button does not send it again); without, the customer presses the
 * one button. Only the order's owner sees it; an attempt already settled, or an order no
 * longer waiting for its money, goes to the page that says how it ended.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  if (!isOrderNumber(params.number) || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const db = await getDb();
  const order = (await findMyOrder(user, params.number))?.order;
  const attempt = order ? await findAttempt(db, order.id, code) : null;
  if (!order || !attempt) throw data(null, { status: 404 });
  const redsys = redsysConfig();
  if (order.status !== "Pendiente de Pago" || attempt.state !== "pendiente" || !redsys) throw redirect(returnPagePath(order.number, code));
  return {
    number: order.number,
    code,
    method: attempt.method,
    amountCents: attempt.amountCents,
    form: paymentForm(redsys, attempt, order),
  };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pagar el pedido ${params.number} | ${shop.name}`,
    description: "Pago seguro con tarjeta o Bizum a través de Redsys.",
    baseUrl: shop.baseUrl,
    path: `/login/pedidos/${params.number}/pago`,
    noindex: true,
  });
};

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  const { number, code, method, amountCents, form } = loaderData;
  return (
    <RedsysRedirectPage what={<>Pedido <strong>{number}</strong></>} amountCents={amountCents} code={code} method={method} form={form}>
      <p>
        <Link to={`/login/pedidos/${encodeURIComponent(number)}`}>Volver al pedido</Link>
      </p>
    </RedsysRedirectPage>
  );
}
