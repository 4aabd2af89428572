import { Link } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import { FAMILY_LABELS, catalogueHref, type Family } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { INSTALLATION_INCLUDES, MAINTENANCE_INCLUDES } from "~/domain/site/services";
import {
  CallToAction,
  ContentHero,
  ContentSection,
  Counters,
  ScrollTable,
  Steps,
  asSentence,
  useShopInfo,
} from "~/ui/site/content-page";
import { CoverageCheck } from "~/ui/orders/coverage-check";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Servicios: instalación, mantenimiento y reparación | ${shop.name}`,
    description:
      "Instalación de calderas, aire acondicionado, aerotermia y termostatos, mantenimiento anual y reparaciones en Madrid. Visita gratis en 24 h y presupuesto en 3-5 días.",
    baseUrl: shop.baseUrl,
    path: "/servicios",
  });
};

/** The six services of the home page (spec section 2), told in full. */
const SERVICES: { title: string; text: string; link?: { to: string; label: string } }[] = [
  {
    title: "Instalación de calderas",
    text: "Sustituimos su caldera antigua por una de condensación, más eficiente, y tramitamos el certificado de instalación obligatorio. Si la nueva va en otro sitio o necesita otra salida de humos, se lo presupuestamos.",
    link: { to: "/calderas-info", label: "Cómo elegir su caldera" },
  },
  {
    title: "Aerotermia y suelo radiante",
    text: "Instalamos bombas de calor aire-agua para calefacción, refrigeración y agua caliente, y el suelo radiante que mejor aprovecha su baja temperatura de trabajo. El suelo radiante se estudia siempre con presupuesto.",
    link: { to: "/aerotermia-info", label: "Cómo elegir su equipo de aerotermia" },
  },
  {
    title: "Reparaciones",
    text: "Diagnosticamos y reparamos averías de calderas, aires acondicionados y equipos de aerotermia. Cuéntenos qué le pasa a su equipo y le damos presupuesto sin compromiso.",
  },
  {
    title: "Reformas de vivienda",
    text: "Reformamos su vivienda y aprovechamos la obra para dejar al día la calefacción, el agua caliente y la climatización.",
    link: { to: "/reformas", label: "Más sobre reformas" },
  },
  {
    title: "Instalación de aire acondicionado",
    text: "Colocamos la unidad interior y la exterior, la toma eléctrica y la canalización, y dejamos el equipo funcionando. Las instalaciones más complejas, a consultar.",
    link: { to: "/aires-info", label: "Cómo elegir su aire acondicionado" },
  },
  {
    title: "Recarga de gas",
    text: "Si su aire acondicionado enfría menos que antes, puede haber perdido gas refrigerante. Buscamos la fuga, la reparamos y recargamos el circuito. Con el mantenimiento anual, la recarga está incluida si se han perdido menos de 100 cm³.",
  },
];

const PRICED: Family[] = ["calderas", "aires", "aerotermia", "termostatos"];

export default function Services() {
  const shop = useShopInfo();
  return (
    <>
      <ContentHero
        title="Nuestros servicios"
        lead={
          <>
            Instalamos, mantenemos y reparamos calderas, aire acondicionado, aerotermia y
            termostatos en la {shop.serviceArea}. Llevamos más de 15 años haciéndolo y también
            trabajamos en Guadalajara y el norte de Toledo.
          </>
        }
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: "/tienda", label: "Ver la tienda", variant: "secondary" },
        ]}
      >
        <Counters />
      </ContentHero>

      <ContentSection title="Cómo trabajamos">
        <Steps
          steps={[
            {
              title: "Visita gratuita en 24 horas",
              text: "Nos cuenta qué necesita y un técnico va a su casa a ver la instalación, sin coste y sin compromiso.",
            },
            {
              title: "Presupuesto en 3-5 días",
              text: "Le enviamos el presupuesto en un plazo de 3 a 5 días. Lo estudia con calma: pedirlo no le obliga a nada.",
            },
            {
              title: "Instalación en 24-48 horas",
              text: "Cuando confirma el presupuesto, instalamos en 24-48 horas. El instalador le llama un par de días antes para acordar la hora.",
            },
            {
              title: "Garantía y servicio postventa",
              text: "Seguimos a su lado después de la instalación: resolvemos sus dudas, atendemos las incidencias y nos ocupamos del mantenimiento.",
            },
          ]}
        />
      </ContentSection>

      <ContentSection title="Qué hacemos" soft>
        <ul className="content-cards">
          {SERVICES.map((service) => (
            <li key={service.title} className="content-card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
              {service.link ? <Link to={service.link.to}>{service.link.label}</Link> : null}
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Precios de instalación y mantenimiento">
        <p>
          Si compra el equipo en nuestra tienda, puede añadir la instalación y el mantenimiento
          anual a precio cerrado. Todos los precios llevan el IVA incluido. Estos servicios se
          contratan solo para la {shop.serviceArea}.
        </p>
        <ScrollTable label="Precios de instalación y mantenimiento">
          <caption>Precios con IVA incluido</caption>
          <thead>
            <tr>
              <th scope="col">Equipo</th>
              <th scope="col">Instalación básica</th>
              <th scope="col">Mantenimiento anual</th>
            </tr>
          </thead>
          <tbody>
            {PRICED.map((family) => {
              const maintenance = MAINTENANCE_PRICE_CENTS[family];
              return (
                <tr key={family}>
                  <th scope="row">{FAMILY_LABELS[family].plural}</th>
                  <td>{formatEuros(INSTALLATION_PRICE_CENTS[family])}</td>
                  <td>{maintenance === undefined ? "No aplica" : `${formatEuros(maintenance)} al año`}</td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
        <h3>Qué incluye la instalación básica</h3>
        <dl className="content-includes">
          {PRICED.map((family) => (
            <div key={family}>
              <dt>{FAMILY_LABELS[family].plural}</dt>
              <dd>{asSentence(INSTALLATION_INCLUDES[family])}</dd>
            </div>
          ))}
        </dl>
        <h3>Qué incluye el mantenimiento anual</h3>
        <dl className="content-includes">
          {(["calderas", "aires", "aerotermia"] as const).map((family) => (
            <div key={family}>
              <dt>{FAMILY_LABELS[family].plural}</dt>
              <dd>{asSentence(MAINTENANCE_INCLUDES[family])}</dd>
            </div>
          ))}
        </dl>
        <p className="content-actions">
          <Link to="/tienda/mantenimientos" className="button button-secondary">
            Contratar el mantenimiento
          </Link>
          <Link to={catalogueHref("calderas")} className="button button-secondary">
            Ver calderas
          </Link>
        </p>
      </ContentSection>

      <ContentSection title="Garantía" soft>
        <p>
          Las calderas que instalamos tienen una garantía de <strong>6 meses en mano de obra</strong> y
          de <strong>2 años en piezas</strong>. Esta garantía se suma a la garantía legal de los
          productos, que no limita; los detalles están en las{" "}
          <Link to="/condiciones-compra#garantia">condiciones de compra</Link>.
        </p>
        <p>
          El mantenimiento anual mantiene su equipo eficiente y seguro, y le ayuda a cumplir las
          revisiones obligatorias del Reglamento de Instalaciones Térmicas en los Edificios (RITE).
        </p>
      </ContentSection>

      <ContentSection title="Dónde trabajamos">
        <p>
          Nuestro equipo trabaja en toda la {shop.serviceArea} y también atiende obras en
          Guadalajara y el norte de Toledo: pregúntenos por su localidad. La instalación y el
          mantenimiento que se contratan en la tienda online son solo para la {shop.serviceArea}.
          Los equipos, sin instalación, los enviamos a toda España.
        </p>
        <CoverageCheck context="servicios" back="/servicios" level={3} />
      </ContentSection>

      <CallToAction
        title="¿Hablamos de su instalación?"
        text={
          <>
            Cuéntenos qué necesita y le visitamos gratis y sin compromiso. También puede llamarnos al{" "}
            <a href={telHref(shop.phone)}>{shop.phone}</a> ({shop.hoursSupport.toLowerCase()}).
          </>
        }
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: "/tienda", label: "Ir a la tienda", variant: "secondary" },
        ]}
      />
    </>
  );
}
