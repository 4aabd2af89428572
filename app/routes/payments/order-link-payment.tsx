import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { isLinkToken } from "~/server/link-tokens.server";
import { linkPaymentAction, loadLinkPayment } from "~/server/payments/link-payment.server";
import { ErrorPage } from "~/ui/error-page";
import { OrderLinesSection, TransferDetails } from "~/ui/orders/order-view";
import { PaymentOptions } from "~/ui/payments/order-payment";
import { RedsysRedirectPage } from "~/ui/payments/redsys-redirect-form";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/order-link-payment";

/*
 * /pedido/pagar/:token — a phone order's payment link (issue 30), for a customer without an
 * account: the order, and card, Bizum or transfer (link-payment.server.ts). With ?intento=<code>
 * it is the way to Redsys of that attempt, as /login/pedidos/:number/pago is.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isLinkToken(params.token)) throw data(null, { status: 404 });
  const code = pageUrl(request).searchParams.get("intento");
  const found = await loadLinkPayment(await getDb(), params.token, code);
  if (!found) throw data(null, { status: 404 });
  if (found.kind === "redirect") throw redirect(found.to);
  return { ...found, path: `/pedido/pagar/${params.token}` };
}

export async function action({ request, params }: Route.ActionArgs) {
  return linkPaymentAction(request, params.token);
}

export const meta: Route.MetaFunction = ({ matches, loaderData: loaded }) => {
  const shop = shopFromMatches(matches);
  const number = loaded && "number" in loaded ? ` ${loaded.number}` : "";
  return pageMeta({ title: `Pagar el pedido${number} | ${shop.name}`, description: "Pago seguro de su pedido: tarjeta, Bizum o transferencia.", baseUrl: shop.baseUrl, path: "/pedido/pagar", noindex: true });
};

export default function OrderLinkPayment({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "redsys") {
    const { number, code, method, amountCents, form } = loaderData;
    return <RedsysRedirectPage what={<>Pedido <strong>{number}</strong></>} amountCents={amountCents} code={code} method={method} form={form} />;
  }
  const order = loaderData;
  return (
    <div className="container order-page">
      <h1 className="page-title">Pedido {order.number}</h1>
      <p>
        Hola, {order.name}: este es el pedido que preparamos para usted el {order.date}.
      </p>
      {order.closed ? (
        <p className="notice" role="status">
          {order.closed}
        </p>
      ) : null}
      {order.payment ? <PaymentOptions number={order.number} payment={order.payment} error={actionData?.payError} action={order.path} /> : null}
      {order.transfer ? <TransferDetails transfer={order.transfer} amountCents={order.amountCents} /> : null}
      <OrderLinesSection order={order} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
