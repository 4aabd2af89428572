import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { useRootData } from "~/root";
import { contactAction, quoteProduct } from "~/server/quotes/contact.server";
import { ContactCard } from "~/ui/site/contact-card";
import { ContactForm } from "~/ui/quotes/contact-form";
import { ErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/contact";
import { reportError } from "~/ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Contacto y presupuesto sin compromiso | ${shop.name}`,
    description:
      "Pida presupuesto sin compromiso para su caldera, aire acondicionado o aerotermia en Madrid. Le visitamos gratis y le contestamos lo antes posible.",
    baseUrl: shop.baseUrl,
    path: "/contacto",
  });
};

/** `?producto=<id>`: the product page's quote link when the pop-up cannot open (no JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  return { product: await quoteProduct(pageUrl(request).searchParams.get("producto")) };
}

/** Every contact form of the site posts here (spec sections 3-5, 7). */
export async function action({ request }: Route.ActionArgs) {
  return contactAction(request);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const { product } = loaderData;
  return (
    <div className="container contact-page">
      <h1 className="page-title">Contacto y presupuesto</h1>
      <p className="contact-lead">Le visitamos sin compromiso y GRATIS. Cuéntenos qué necesita y le llamamos.</p>
      <div className="contact-layout">
        {shop ? <ContactCard shop={shop} /> : null}
        <section className="contact-form-panel" aria-labelledby="formulario-contacto">
          <h2 id="formulario-contacto" className="contact-form-title">
            Solicite su presupuesto
          </h2>
          {product ? (
            <p className="contact-product">
              Presupuesto para: <Link to={product.path}>{product.name}</Link>
            </p>
          ) : null}
          <ContactForm
            posted={actionData}
            productId={product?.id}
            sourcePage={product?.path ?? "/contacto"}
            defaultMessage={product ? `Quisiera un presupuesto para ${product.name}.` : ""}
          />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
