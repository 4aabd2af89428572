import { Link } from "react-router";
import { MAINTAINED_FAMILIES, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import { FAMILY_LABELS, catalogueHref, type Family } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { familySummaries } from "~/server/catalogue/catalogue.server";
import type { Route } from "./+types/shop-index";

/** Order of the cards on the shop index (spec section 2): boilers, aerothermal, air, thermostats. */
const CARD_ORDER: Family[] = ["calderas", "aerotermia", "aires", "termostatos"];

const CARD_TEXT: Record<Family, string> = {
  calderas: "Calderas de condensación de gas para calefacción y agua caliente.",
  aerotermia: "Bombas de calor aire-agua para calefacción, refrigeración y agua caliente.",
  aires: "Equipos inverter con bomba de calor para refrescar y calentar su casa.",
  termostatos: "Termostatos analógicos, digitales y wifi para controlar la calefacción.",
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Tienda | ${shop.name}`,
    description:
      "Compre calderas, aerotermia, aire acondicionado y termostatos con envío a toda España. Instalación y mantenimiento anual en la Comunidad de Madrid.",
    baseUrl: shop.baseUrl,
    path: "/tienda",
  });
};

export async function loader() {
  const summaries = await familySummaries();
  // The illustration of a category is the main image of its cheapest model.
  const cards = CARD_ORDER.map((family) => ({ family, ...summaries[family] }));
  const maintenanceFromCents = Math.min(
    ...MAINTAINED_FAMILIES.map((family) => MAINTENANCE_PRICE_CENTS[family] ?? Infinity),
  );
  return { cards, maintenanceFromCents };
}

function modelsText(count: number): string {
  if (count === 0) return "Sin modelos disponibles ahora mismo";
  return count === 1 ? "1 modelo" : `${count} modelos`;
}

export default function ShopIndex({ loaderData }: Route.ComponentProps) {
  const { cards, maintenanceFromCents } = loaderData;
  return (
    <div className="container shop-page">
      <h1 className="page-title">Tienda</h1>
      <p className="shop-intro">
        Calderas, aerotermia, aire acondicionado y termostatos de primeras marcas, con envío a toda
        España en 3-5 días laborables. Si lo desea, nos encargamos de la instalación y del
        mantenimiento en la Comunidad de Madrid.
      </p>
      <ul className="shop-grid" aria-label="Categorías">
        {cards.map((card) => {
          const label = FAMILY_LABELS[card.family].plural;
          return (
            <li key={card.family} className="shop-card">
              {card.image ? (
                <img
                  className="shop-card-image"
                  src={card.image}
                  alt=""
                  width={400}
                  height={400}
                  loading="eager"
                />
              ) : null}
              <div className="shop-card-body">
                <h2 className="shop-card-title">
                  <Link to={catalogueHref(card.family)} className="shop-card-link">
                    {label}
                  </Link>
                </h2>
                <p className="shop-card-text">{CARD_TEXT[card.family]}</p>
                <p className="shop-card-count">{modelsText(card.count)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <section className="shop-maintenance" aria-labelledby="tienda-mantenimiento">
        <svg
          className="shop-maintenance-icon"
          viewBox="0 0 24 24"
          width="56"
          height="56"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M22.7 19.3 13.6 10.2c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3l4.3 4.3-3 3-4.4-4.3C.4 7.4.9 10.4 2.8 12.4c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.6-.4.6-1.1.2-1.4z"
          />
        </svg>
        <div className="shop-maintenance-text">
          <h2 id="tienda-mantenimiento" className="shop-card-title">
            <Link to="/tienda/mantenimientos" className="shop-card-link">
              Mantenimiento
            </Link>
          </h2>
          <p className="shop-card-text">
            Revisión anual de su caldera, aire acondicionado o aerotermia en la Comunidad de
            Madrid por {formatEuros(maintenanceFromCents)} al año, IVA incluido.
          </p>
        </div>
      </section>
    </div>
  );
}
