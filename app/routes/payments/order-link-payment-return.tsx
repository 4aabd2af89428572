import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { isLinkToken } from "~/server/link-tokens.server";
import { loadLinkReturn } from "~/server/payments/link-payment.server";
import { ErrorPage } from "~/ui/error-page";
import { PaymentOutcome } from "~/ui/payments/payment-outcome";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/order-link-payment-return";

/*
 * /pedido/pagar/:token/vuelta?intento=<code> — where Redsys sends back a customer who paid a
 * phone order's link (issue 30), signed in or not: how the attempt ended (PaymentOutcome).
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  if (!isLinkToken(params.token)) throw data(null, { status: 404 });
  const found = await loadLinkReturn(await getDb(), params.token, code);
  if (!found) throw data(null, { status: 404 });
  return { ...found, link: `/pedido/pagar/${params.token}`, code };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({ title: `Pago del pedido | ${shop.name}`, description: "Resultado del pago con tarjeta o Bizum.", baseUrl: shop.baseUrl, path: "/pedido/pagar", noindex: true });
};

export default function OrderLinkPaymentReturn({ loaderData }: Route.ComponentProps) {
  const { link, code } = loaderData;
  return (
    <PaymentOutcome
      {...loaderData}
      orderLink={link}
      self={`${link}/vuelta?intento=${encodeURIComponent(code)}`}
      payAction={link}
      slowNote="La confirmación está tardando más de lo normal. Le escribiremos en cuanto llegue."
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
