import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { safeSourcePage } from "~/domain/quotes/contact-form";
import { telHref } from "~/domain/site/contact-links";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { useRootData } from "~/root";
import { ErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/thanks";
import { reportError } from "~/ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Solicitud recibida | ${shop.name}`,
    description: "Hemos recibido su solicitud de presupuesto. Nos pondremos en contacto con usted lo antes posible.",
    baseUrl: shop.baseUrl,
    path: "/promo-Saunier/gracias",
    noindex: true,
  });
};

/** The back button returns to the page the form was sent from (`desde`), never to another site. */
export function loader({ request }: Route.LoaderArgs) {
  const back = safeSourcePage(pageUrl(request).searchParams.get("desde"), "/");
  return { back: back.startsWith("/promo-Saunier/gracias") ? "/" : back };
}

/** promo-Saunier/gracias: the thank-you page after a contact request (spec section 2). */
export default function Thanks({ loaderData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  return (
    <div className="container thanks-page">
      <div className="thanks-panel">
        <h1 className="page-title">¡Gracias por contactar con nosotros!</h1>
        <p className="thanks-lead">
          Hemos recibido su solicitud. Nos pondremos en contacto con usted lo antes posible para concertar la visita,
          que es gratuita y sin compromiso.
        </p>
        {/* Issue 17: the optional booking step. A plain link, the same for everyone, so this page stays in the
            page cache; /visita/reservar finds the request by the cookie the form's action set (decision 0015). */}
        <p className="thanks-visit">
          <Link to="/visita/reservar" className="button">
            Elija el día de la visita
          </Link>
        </p>
        {shop ? (
          <p>
            Si es urgente, llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a> ({shop.hoursContact.toLowerCase()}).
          </p>
        ) : null}
        <Link to={loaderData.back} className="button button-accent thanks-back">
          {loaderData.back === "/" ? "Volver al inicio" : "Volver a la página anterior"}
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
