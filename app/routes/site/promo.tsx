import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PROMO_OFFERS, promoByPath } from "~/domain/site/promotions";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { useRootData } from "~/root";
import { ContactCard } from "~/ui/site/contact-card";
import { ContactForm } from "~/ui/quotes/contact-form";
import { ErrorPage } from "~/ui/error-page";
import type { ShellHandle } from "~/ui/site/menu";
import type { Route } from "./+types/promo";
import { reportError } from "~/ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

/** Landing pages hide the basket badge (spec section 2). */
export const handle: ShellHandle = { shell: { hideBasketBadge: true } };

export function loader({ request }: Route.LoaderArgs) {
  const promo = promoByPath(pageUrl(request).pathname);
  if (!promo) throw data(null, { status: 404 });
  return { path: promo.path };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  const promo = loaderData ? promoByPath(loaderData.path) : undefined;
  if (!promo) return [{ title: `Promoción | ${shop.name}` }];
  return pageMeta({
    title: `${promo.metaTitle} | ${shop.name}`,
    description: promo.description,
    baseUrl: shop.baseUrl,
    path: promo.path,
  });
};

/** promo-Calderas, promo-Aires, promo-Saunier, promo-Aero, promo-Reparaciones, promo-Granada. */
export default function Promo({ loaderData }: Route.ComponentProps) {
  const promo = promoByPath(loaderData.path);
  const shop = useRootData()?.shop;
  if (!promo || !shop) return null;
  const phone = promo.granada ? shop.phoneGranada : shop.phone;
  return (
    <>
      <section className="promo-hero" aria-labelledby="promo-titulo">
        <div className="container">
          <p className="promo-kicker">Oferta</p>
          <h1 id="promo-titulo">{promo.title}</h1>
          <p className="promo-lead">{promo.lead}</p>
          <p className="promo-actions">
            <a href="#promo-formulario" className="button button-accent">
              Pedir presupuesto
            </a>
            {promo.shopLink ? (
              <Link to={promo.shopLink.href} className="button button-ghost">
                {promo.shopLink.text}
              </Link>
            ) : null}
          </p>
        </div>
      </section>
      <section className="section container" aria-labelledby="promo-ofertas">
        <h2 id="promo-ofertas">Nuestras ofertas</h2>
        <ul className="promo-offers">
          {PROMO_OFFERS.map((offer) => (
            <li key={offer.title} className="promo-offer">
              <h3>{offer.title}</h3>
              <p>{offer.text}</p>
            </li>
          ))}
        </ul>
        <p className="promo-note">
          Instalación, mantenimiento y reparaciones en la Comunidad de Madrid. Presupuesto en 3-5
          días e instalación en 24-48 horas tras confirmarlo.
        </p>
      </section>
      <section id="promo-formulario" className="section promo-contact" aria-labelledby="promo-form-titulo">
        <div className="container contact-layout">
          <ContactCard shop={shop} phone={phone} />
          <div className="contact-form-panel">
            <h2 id="promo-form-titulo" className="contact-form-title">
              Solicite su presupuesto
            </h2>
            <ContactForm sourcePage={promo.path} />
          </div>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
