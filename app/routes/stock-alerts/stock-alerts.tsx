import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ALERT_HEADING, STOCK_ALERT_PATH } from "~/domain/stock-alerts/alert-form";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { stockAlertAction } from "~/server/stock-alerts/alert-action.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import { StockAlertForm } from "~/ui/stock-alerts/stock-alert-form";
import type { Route } from "./+types/stock-alerts";

/*
 * /avisos-disponibilidad (issue 15): where the back-in-stock form of every sold-out product
 * posts. With JavaScript the product page shows the answer in place; without it this page
 * does: the confirmation message, or the form again with what was typed and why it was refused.
 * Not a kept page (app/server/page-cache/cacheable-pages.server.ts does not list it).
 */

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Aviso de disponibilidad | ${shop.name}`,
    description: "Le avisamos por email, una sola vez, cuando un producto agotado vuelva a estar disponible.",
    baseUrl: shop.baseUrl,
    path: STOCK_ALERT_PATH,
    noindex: true,
  });
};

export async function action({ request }: Route.ActionArgs) {
  return stockAlertAction(request);
}

export default function StockAlerts({ actionData }: Route.ComponentProps) {
  const product = actionData?.product;
  return (
    <div className="container stock-alert-page">
      {product ? (
        <>
          <p className="stock-alert-product">
            Producto: <Link to={product.href}>{product.name}</Link>
          </p>
          <StockAlertForm productId={product.id} posted={actionData} headingLevel={1} />
          <p>
            <Link to={product.href}>Volver a {product.name}</Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="page-title">{ALERT_HEADING}</h1>
          {actionData && !actionData.ok ? (
            <p role="alert" className="form-error">
              {actionData.error}
            </p>
          ) : (
            <p>Cuando un producto está agotado, en su página puede pedirnos que le avisemos por email en cuanto vuelva a estar disponible.</p>
          )}
          <p>
            <Link to="/tienda" className="button">
              Ver la tienda
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
