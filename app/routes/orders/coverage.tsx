import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { parseCoverageQuery } from "~/domain/orders/coverage-query";
import { coverageAnswer, prefixList } from "~/domain/orders/service-area";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { serviceArea } from "~/server/config.server";
import { CoverageCheck } from "~/ui/orders/coverage-check";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/coverage";
import { pageUrl } from "~/server/http/page-url.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `¿Instalamos en su zona? | ${shop.name}`,
    description: "Compruebe con su código postal si instalamos y hacemos el mantenimiento en su zona.",
    baseUrl: shop.baseUrl,
    path: "/cobertura",
    noindex: true,
  });
};

/**
 * /cobertura?cp=...&contexto=...&volver=... (issue 15): the answer to the postcode check of the
 * product and service pages. Not in the page cache (it answers each postcode); with JavaScript
 * those pages read this loader through a fetcher and stay where they are.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = parseCoverageQuery(pageUrl(request).searchParams);
  const area = serviceArea();
  return {
    answer: query.postcode === null ? null : coverageAnswer(area.prefixes, query.postcode, query.context),
    postcode: query.postcode ?? "",
    context: query.context,
    back: query.back,
    area: { name: area.name, prefixes: prefixList(area.prefixes) },
  };
}

export default function Coverage({ loaderData }: Route.ComponentProps) {
  const { answer, postcode, context, back, area } = loaderData;
  return (
    <div className="container coverage-page">
      <h1 className="page-title">¿Instalamos en su zona?</h1>
      <p>
        La instalación y el mantenimiento que se contratan en la tienda online se ofrecen en la {area.name} (códigos postales
        que empiezan por {area.prefixes}). Los equipos sin instalación los enviamos a toda España.
      </p>
      <CoverageCheck context={context} back={back ?? ""} title="Compruebe su código postal" answer={answer} postcode={postcode} />
      <p className="coverage-back">
        {back ? <Link to={back}>Volver a la página anterior</Link> : <Link to="/tienda">Ir a la tienda</Link>}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
